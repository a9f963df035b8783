import type { Connection } from './client';

/**
 * The admin key lives in sessionStorage only: it survives a reload of the tab and is gone when
 * the tab closes. It is never written to localStorage, a cookie or the URL.
 */
const SESSION_KEY = 'tokendesk.session';

export type SignOutReason = 'logout' | 'rejected';

export interface SessionState {
  connection: Connection | null;
  /** Why the last session ended, for the connect screen to say. */
  endedBecause: SignOutReason | null;
}

function readStored(): Connection | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Connection>;
    return typeof value.baseUrl === 'string' && typeof value.adminKey === 'string'
      ? { baseUrl: value.baseUrl, adminKey: value.adminKey }
      : null;
  } catch {
    return null;
  }
}

let state: SessionState = { connection: readStored(), endedBecause: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): SessionState => state,
  connect(connection: Connection) {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(connection));
    set({ connection, endedBecause: null });
  },
  end(reason: SignOutReason) {
    sessionStorage.removeItem(SESSION_KEY);
    if (state.connection || state.endedBecause !== reason)
      set({ connection: null, endedBecause: reason });
  },
};

/** The page's own origin, the default server address. */
export const pageOrigin = (): string => window.location.origin;

/** Accepts "host:port", "http://host/", "https://host/prefix/" and returns a base URL without a trailing slash. */
export function normalizeServerAddress(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return pageOrigin();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}
