import type { RunningService } from './service';

export function authHeaders(service: RunningService): Record<string, string> {
  return { authorization: `Bearer ${service.adminKey}` };
}

export interface NewToken {
  name: string;
  remain_quota?: number;
  expired_time?: number;
  unlimited_quota?: boolean;
}

/** Creates tokens through the public API, one request each, as a script would. */
export async function createTokens(
  service: RunningService,
  tokens: readonly NewToken[],
): Promise<void> {
  for (const token of tokens) {
    const response = await fetch(`${service.url}/api/token/`, {
      method: 'POST',
      headers: { ...authHeaders(service), 'content-type': 'application/json' },
      body: JSON.stringify(token),
    });
    if (!response.ok) throw new Error(`creating a token answered ${response.status}`);
  }
}

export async function tokenTotal(service: RunningService): Promise<number> {
  const response = await fetch(`${service.url}/api/token/?size=1`, {
    headers: authHeaders(service),
  });
  const envelope = (await response.json()) as { data: { total: number } };
  return envelope.data.total;
}

/** A session as the dashboard stores it in sessionStorage once connected (src/api/session.ts). */
export function dashboardSession(service: RunningService): { key: string; value: string } {
  return {
    key: 'tokendesk.session',
    value: JSON.stringify({ baseUrl: service.url, adminKey: service.adminKey, kind: 'tokendesk' }),
  };
}

/**
 * A figure read through the API once it has stayed the same for `quietMs`: requests still in
 * flight when the load generator stopped have then been answered.
 */
export async function settled(read: () => Promise<number>, quietMs: number): Promise<number> {
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = await read();
    if (now === last) return now;
    last = now;
  }
}
