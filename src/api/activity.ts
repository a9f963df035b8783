import type { CallRecord } from './client';

/** This tab's API calls, newest first, for the activity panel. Kept in memory only. */
const LIMIT = 200;
let calls: CallRecord[] = [];
const listeners = new Set<() => void>();

/** Keys never reach the log: a key searched for is masked in the recorded address. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)([^&]*)/g, (_all, prefix: string, value: string) => {
    const key = decodeURIComponent(value);
    return `${prefix}${key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-4)}` : '…'}`;
  });
}

export const activityLog = {
  add(call: CallRecord) {
    calls = [{ ...call, url: redactUrl(call.url) }, ...calls].slice(0, LIMIT);
    for (const listener of listeners) listener();
  },
  clear() {
    calls = [];
    for (const listener of listeners) listener();
  },
  get: (): CallRecord[] => calls,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
