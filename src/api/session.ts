import type { AdminIdentity } from '../contract/admin-key';
import type { StatusInfo } from '../contract/status';
import type { Connection } from './client';
import { forgetEarlyAnswers } from './early-answers';
import { SESSION_KEY } from './session-key';
import { createStore } from './store';

/*
 * The admin key lives in sessionStorage only: it survives a reload of the tab and is gone when
 * the tab closes. It is never written to localStorage, a cookie or the URL.
 */

export type SignOutReason = 'logout' | 'rejected';

export interface SessionState {
  connection: Connection | null;
  /** Why the last session ended, for the connect screen to say. */
  endedBecause: SignOutReason | null;
  /**
   * Who the key is, when the connect step has just asked. Kept in memory only: a reload asks
   * the server again.
   */
  identity: AdminIdentity | null;
  /** The server's status, when the connect step has just asked for it (to tell its kind). */
  status: StatusInfo | null;
}

function readStored(): Connection | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Connection>;
    if (typeof value.baseUrl !== 'string' || typeof value.adminKey !== 'string') return null;
    const kind =
      value.kind === 'one-api' || value.kind === 'new-api' || value.kind === 'litellm'
        ? value.kind
        : 'tokendesk';
    return {
      baseUrl: value.baseUrl,
      adminKey: value.adminKey,
      kind,
      ...(typeof value.userId === 'string' && value.userId ? { userId: value.userId } : {}),
    };
  } catch {
    return null;
  }
}

const state = createStore<SessionState>({
  connection: readStored(),
  endedBecause: null,
  identity: null,
  status: null,
});

export const sessionStore = {
  subscribe: state.subscribe,
  get: state.get,
  connect(
    connection: Connection,
    identity: AdminIdentity | null = null,
    status: StatusInfo | null = null,
  ) {
    forgetEarlyAnswers();
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(connection));
    state.set({ connection, endedBecause: null, identity, status });
  },
  end(reason: SignOutReason) {
    forgetEarlyAnswers();
    sessionStorage.removeItem(SESSION_KEY);
    const { connection, endedBecause } = state.get();
    if (connection || endedBecause !== reason)
      state.set({ connection: null, endedBecause: reason, identity: null, status: null });
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

/** The server address, kind and user id last used: not secret, so they outlive the tab. */
const REMEMBERED_KEY = 'tokendesk.server';

export interface RememberedServer {
  address: string;
  kind: 'auto' | Connection['kind'];
  userId: string;
}

export function rememberedServer(): RememberedServer | null {
  try {
    const value = JSON.parse(
      localStorage.getItem(REMEMBERED_KEY) ?? 'null',
    ) as Partial<RememberedServer> | null;
    if (!value || typeof value.address !== 'string') return null;
    const kinds = ['auto', 'tokendesk', 'one-api', 'new-api', 'litellm'];
    return {
      address: value.address,
      kind: kinds.includes(value.kind ?? '') ? (value.kind as RememberedServer['kind']) : 'auto',
      userId: typeof value.userId === 'string' ? value.userId : '',
    };
  } catch {
    return null;
  }
}

export function rememberServer(server: RememberedServer) {
  localStorage.setItem(REMEMBERED_KEY, JSON.stringify(server));
}
