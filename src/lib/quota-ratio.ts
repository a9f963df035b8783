/**
 * The quota ratio kept in this browser for one server, where the server refuses to keep it or has
 * none: a ratio set for one server must not carry over to the next.
 */
const overrideKey = (server: string) => `tokendesk.quota-per-unit:${server}`;

/** The ratio this browser keeps for `server`, or null where it keeps none. */
export function readRatioOverride(server: string): number | null {
  const value = Number(localStorage.getItem(overrideKey(server)));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Keeps `value` for `server` in this browser; null forgets it. */
export function writeRatioOverride(server: string, value: number | null): void {
  if (value === null) localStorage.removeItem(overrideKey(server));
  else localStorage.setItem(overrideKey(server), String(value));
}
