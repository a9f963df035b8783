import type { CallRecord } from './client';
import { createStore } from './store';

/** This tab's API calls, newest first, for the activity panel. Kept in memory only. */
const LIMIT = 200;
const calls = createStore<CallRecord[]>([]);

const shorten = (key: string) => (key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-4)}` : '…');

/** Keys never reach the log: a key searched for is masked in the recorded address. */
export function redactUrl(url: string): string {
  return url.replace(
    /([?&]token=)([^&]*)/g,
    (_all, prefix: string, value: string) => `${prefix}${shorten(decodeURIComponent(value))}`,
  );
}

/** A whole token key (48 letters and digits, with or without sk-) anywhere in the text. */
const WHOLE_KEY = /(?<![0-9A-Za-z])(?:sk-)?[0-9A-Za-z]{48}(?![0-9A-Za-z])/g;

/** Masks every whole key, so a body or message kept in the log cannot leak one. */
export function redactKeys(text: string): string {
  return text.replace(WHOLE_KEY, (key) =>
    key.startsWith('sk-') ? `sk-${shorten(key.slice(3))}` : shorten(key),
  );
}

export const activityLog = {
  add(call: CallRecord) {
    const kept: CallRecord = {
      ...call,
      url: redactKeys(redactUrl(call.url)),
      body: call.body === undefined ? undefined : redactKeys(call.body),
      outcome: redactKeys(call.outcome),
    };
    calls.set([kept, ...calls.get()].slice(0, LIMIT));
  },
  clear: () => calls.set([]),
  get: calls.get,
  subscribe: calls.subscribe,
};
