/**
 * Two instances on one PostgreSQL database share the deliveries: each event reaches the receiver
 * once, whichever instance made it and whichever sent it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCall, launchService, type RunningService } from '../test-process';
import { newTestDatabaseUrl, TEST_SECRET } from '../test-support';
import { launchedWithReceiver, startReceiver, verified } from './test-receiver';

const ADMIN_KEY = 'webhook-instances-admin-key';
const EVENTS = 200;

const files = launchedWithReceiver('tokendesk-webhook-instances-');

const call = (service: RunningService, method: string, path: string, body?: unknown) =>
  adminCall(service, ADMIN_KEY, method, path, body);

describe('webhooks from two PostgreSQL instances', () => {
  it(`deliver each of ${EVENTS} events once`, async () => {
    files.receiver = await startReceiver();
    const env = {
      DATABASE_URL: await newTestDatabaseUrl(),
      ADMIN_KEY,
      TOKENDESK_SECRET: TEST_SECRET,
      DATA_DIR: join(files.root, 'unused'),
      WEBHOOK_ALLOW_PRIVATE: '1',
    };
    const instances = await Promise.all([
      launchService(env).listening,
      launchService(env).listening,
    ]);
    const hook = (await call(instances[0]!, 'POST', '/api/webhook/', {
      url: files.receiver.url,
      events: ['token.created'],
    })) as { secret: string };
    await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        call(instances[i % 2]!, 'POST', '/api/token/', { name: `Shared ${i}` }),
      ),
    );
    await files.receiver.waitFor(EVENTS);
    // Time for a second delivery of any of them to arrive, were there one.
    await new Promise((done) => setTimeout(done, 1_500));
    const ids = files.receiver.received.map((request) => verified(request, hook.secret).id);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
  }, 60_000);
});
