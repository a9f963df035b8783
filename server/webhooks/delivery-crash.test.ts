/**
 * No event lost: changes made while the receiver is down, the service SIGKILLed, and every one of
 * them delivered once the service runs again and the receiver answers.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCall, launchService, type RunningService } from '../test-process';
import { serviceDatabaseEnv, testEngine } from '../test-support';
import { launchedWithReceiver, startReceiver, verified } from './test-receiver';

const ADMIN_KEY = 'webhook-crash-admin-key';
const CHANGES = 50;

const files = launchedWithReceiver('tokendesk-webhook-crash-');

const call = (service: RunningService, method: string, path: string, body?: unknown) =>
  adminCall(service, ADMIN_KEY, method, path, body);

describe(`webhooks through a crash on ${testEngine()}`, () => {
  it(`delivers all ${CHANGES} changes made while the receiver was down and the service was SIGKILLed`, async () => {
    // A port nobody listens on yet: the receiver is down.
    const placeholder = await startReceiver();
    const { port, url } = placeholder;
    await placeholder.close();
    const env = {
      ...(await serviceDatabaseEnv(join(files.root, 'data'))),
      ADMIN_KEY,
      WEBHOOK_ALLOW_PRIVATE: '1',
    };
    let service = await launchService(env).listening;
    const hook = (await call(service, 'POST', '/api/webhook/', {
      url,
      events: ['token.created'],
    })) as { secret: string };
    const created = await Promise.all(
      Array.from({ length: CHANGES }, (_, i) =>
        call(service, 'POST', '/api/token/', { name: `Made while down ${i}` }),
      ),
    );
    // Their first attempts fail on the closed port; then the service dies without a word.
    await new Promise((done) => setTimeout(done, 1_000));
    service.child.kill('SIGKILL');
    await service.exited;

    files.receiver = await startReceiver(port);
    service = await launchService(env).listening;
    const arrived = await files.receiver.waitFor(CHANGES, () => true, 60_000);
    const tokens = arrived.map(
      (request) => (verified(request, hook.secret).data.token as { id: number }).id,
    );
    expect(new Set(tokens)).toEqual(new Set(created.map((token) => (token as { id: number }).id)));
    expect(tokens).toHaveLength(CHANGES);
  }, 90_000);
});
