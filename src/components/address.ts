import { useSyncExternalStore } from 'react';

/**
 * The page's address as the screens share it: the list view, the open token's details and the
 * screen shown each keep their own query parameters, and changing one keeps the others. History
 * entries made here announce themselves, since pushState fires no event of its own.
 */
const CHANGED = 'tokendesk:address';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGED, listener);
  };
}

const currentSearch = () => window.location.search;

/** The address's query, for components that draw from it. */
export function useAddressSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch);
}

/** The address of the current page with some parameters changed (null removes one). */
export function addressWith(params: Record<string, string | null>): string {
  const query = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  const text = query.toString();
  return `${window.location.pathname}${text ? `?${text}` : ''}`;
}

/**
 * Sets some parameters (null removes one) and keeps the rest; `state` is the new entry's
 * history state (what must not be in the address, such as a key searched for).
 */
export function writeAddress(
  params: Record<string, string | null>,
  { replace = false, state = window.history.state as unknown } = {},
) {
  const url = `${addressWith(params)}${window.location.hash}`;
  if (replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * One query parameter and a way to change it, other parameters kept: as a new history entry,
 * or in place of the current one (`replace`).
 */
export function useAddressParam(
  name: string,
): [string | null, (value: string | null, options?: { replace?: boolean }) => void] {
  const search = useAddressSearch();
  const value = new URLSearchParams(search).get(name);
  return [value, (next, options) => writeAddress({ [name]: next }, options)];
}
