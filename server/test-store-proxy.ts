import type { TokenStore } from './store/token-store';

/** A store usable at once whose every call waits for the one `opening` resolves to. */
export function deferredStore(opening: Promise<TokenStore>, clock: () => number): TokenStore {
  opening.catch(() => {});
  return new Proxy({} as TokenStore, {
    get(_target, method) {
      // Not a promise itself: `await store` gives the store.
      if (method === 'then') return undefined;
      // The one method that is not async: the store's clock, which is the test's.
      if (method === 'now') return clock;
      return async (...args: unknown[]) => {
        const store = await opening;
        return (store[method as keyof TokenStore] as (...a: unknown[]) => Promise<unknown>)(
          ...args,
        );
      };
    },
  });
}
