import { REQUEST_TIMEOUT_MS } from './errors';
import { SESSION_KEY } from './session-key';

/**
 * The first calls of a signed-in reload, started by the boot script while the app's code is
 * still downloading; the client adopts each answer instead of asking again. They are kept by
 * address alone: the admin key stays where it was, in sessionStorage and the requests' header.
 */
type EarlyAnswers = Map<string, Promise<Response>>;

declare global {
  var tokendeskEarlyAnswers: EarlyAnswers | undefined;
}

/** The stored session's server and key, when it is this service (the gateways' calls differ). */
function storedServiceSession(): { baseUrl: string; adminKey: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      baseUrl?: unknown;
      adminKey?: unknown;
      kind?: unknown;
    } | null;
    if (typeof value?.baseUrl !== 'string' || typeof value.adminKey !== 'string') return null;
    if (value.kind !== undefined && value.kind !== 'tokendesk') return null;
    return { baseUrl: value.baseUrl, adminKey: value.adminKey };
  } catch {
    return null;
  }
}

/**
 * Sends GET `paths` of the stored session's server, with the headers the client sends, and
 * keeps the answers for the client. Without a session (the connect screen) it does nothing.
 */
export function startEarlyCalls(paths: readonly string[]): void {
  const session = storedServiceSession();
  if (!session) return;
  const answers: EarlyAnswers = new Map();
  for (const path of paths) {
    const url = `${session.baseUrl}${path}`;
    const answer = fetch(url, {
      headers: { Authorization: `Bearer ${session.adminKey}`, Accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // A failure is the client's to report when it adopts the call; unadopted, it is nobody's.
    answer.catch(() => undefined);
    answers.set(url, answer);
  }
  globalThis.tokendeskEarlyAnswers = answers;
}

/** The early answer for `url`, once: a later call of the same address asks the server anew. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answers = globalThis.tokendeskEarlyAnswers;
  const answer = answers?.get(url);
  answers?.delete(url);
  return answer;
}

/** A session that ends or begins adopts nothing started for the one before. */
export function forgetEarlyAnswers(): void {
  globalThis.tokendeskEarlyAnswers = undefined;
}
