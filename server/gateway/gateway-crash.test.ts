/**
 * A crash between a request's hold and its settlement: the real service process, killed with
 * SIGKILL while the upstream is still answering. The hold must stand as charged after a restart,
 * once: not lost, not charged again, and the key goes on working.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Token } from '../../src/contract/token';
import { adminCall, killLaunched, launchService, type RunningService } from '../test-process';
import { makeTempDir, serviceDatabaseEnv } from '../test-support';
import { startTestUpstream, type TestUpstream } from './test-upstream';

const ADMIN_KEY = 'gateway-crash-admin-key';
const hi = [{ role: 'user', content: 'Hi' }];
/** The input's bound (19) and max_tokens 5 at 4 units a token. */
const HELD = 19 + 4 * 5;
const COST = 11 + 4 * 5;

let root: string;
let upstream: TestUpstream;
beforeAll(async () => {
  root = makeTempDir('tokendesk-gateway-crash-');
  upstream = await startTestUpstream();
});
afterEach(() => killLaunched());
afterAll(async () => {
  await upstream.close();
  rmSync(root, { recursive: true, force: true });
});

const call = (service: RunningService, method: string, path: string, body?: unknown) =>
  adminCall(service, ADMIN_KEY, method, path, body);

const chat = (service: RunningService, key: string, model: string) =>
  fetch(`${service.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: hi, max_tokens: 5 }),
  });

it('keeps a hold charged once through a SIGKILL before its settlement', async () => {
  const env = { ...(await serviceDatabaseEnv(root)), ADMIN_KEY };
  let service = await launchService(env).listening;
  for (const [name, behaviour] of [
    ['stuck', 'hang'],
    ['small', 'ok'],
  ]) {
    await call(service, 'POST', '/api/model/', {
      name,
      upstream_url: upstream.url,
      upstream_model: behaviour,
      input_price: 2,
      output_price: 8,
    });
  }
  const token = (await call(service, 'POST', '/api/token/', {
    name: 'Crash',
    remain_quota: 10_000,
  })) as Token;

  // The request is held and on its way upstream, which never answers: then the kill.
  void chat(service, token.key, 'stuck').catch(() => {});
  const deadline = Date.now() + 5_000;
  while (upstream.seen.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(upstream.seen).toHaveLength(1);
  service.child.kill('SIGKILL');
  await service.exited;

  service = await launchService(env).listening;
  const held = (await call(service, 'GET', `/api/token/${token.id}`)) as Token;
  expect([held.used_quota, held.remain_quota]).toEqual([HELD, 10_000 - HELD]);

  // The key still works, and what it spends is charged on top of the hold, exactly.
  expect((await chat(service, token.key, 'small')).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  service.child.kill('SIGTERM');
  await service.exited;
  service = await launchService(env).listening;
  const after = (await call(service, 'GET', `/api/token/${token.id}`)) as Token;
  expect([after.used_quota, after.remain_quota]).toEqual([HELD + COST, 10_000 - HELD - COST]);
});
