import { sessionStore } from './session';

/*
 * The whole keys of the tokens tried in this tab, so a key is revealed (and audited) once per
 * session rather than per message. Kept in memory only, never in storage or the address, and
 * forgotten when the session ends or another begins.
 */
const keys = new Map<number, Promise<string>>();

let connection = sessionStore.get().connection;
sessionStore.subscribe(() => {
  const next = sessionStore.get().connection;
  if (next === connection) return;
  connection = next;
  keys.clear();
});

export const tryKeys = {
  /** The token's key: revealed by `reveal` the first time, then the same; a failure is not kept. */
  get(id: number, reveal: () => Promise<string>): Promise<string> {
    let key = keys.get(id);
    if (!key) {
      key = reveal();
      keys.set(id, key);
      key.catch(() => keys.delete(id));
    }
    return key;
  },
  /** Whether the token's key is known already (trying it reveals nothing). */
  has: (id: number) => keys.has(id),
  /** Forgets a key the server no longer takes (rotated), so the next try reveals it again. */
  forget: (id: number) => keys.delete(id),
};
