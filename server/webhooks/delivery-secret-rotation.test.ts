/**
 * A signing secret rotated as a receiver lives through it: for 24 hours after the rotation each
 * attempt (of an event, a test event or a resend) carries the new secret's signature and the
 * previous one's, so the Standard Webhooks library accepts it with either secret; from then on
 * only the new one's. The service's clock is moved back for the rotation, so the attempts
 * themselves are stamped with the real time the library checks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { deliverySchema, webhookListSchema, webhookSchema } from '../../src/contract/webhook';
import { startTestService, testEngine, type TestService } from '../test-support';
import { WebhookDeliverer } from './deliverer';
import { startReceiver, verified, type Received, type TestReceiver } from './test-receiver';

const HOUR = 3_600;
/** Seconds the service's clock is behind the real time. */
let behind = 0;
const clock = () => Math.floor(Date.now() / 1000) - behind;
const running: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];

afterEach(async () => {
  behind = 0;
  for (const thing of running.splice(0).reverse()) {
    await ('stop' in thing ? thing.stop() : thing.close());
  }
});

async function setUp(): Promise<{ service: TestService; receiver: TestReceiver }> {
  const service = startTestService({ clock, webhookAllowPrivate: true });
  running.push(service);
  running.push(
    new WebhookDeliverer({ store: service.store, allowPrivate: true, pollMs: 50 }).start(),
  );
  const receiver = await startReceiver();
  running.push(receiver);
  return { service, receiver };
}

/**
 * An endpoint added and its secret rotated `ago` seconds before now (or rotated twice, an hour
 * apart, ending then): its id and every secret it was given, oldest first.
 */
async function rotatedAgo(
  service: TestService,
  url: string,
  ago: number,
  options: { format?: 'slack'; rotations?: number } = {},
) {
  const rotations = options.rotations ?? 1;
  behind = ago + (rotations - 1) * HOUR;
  const added = await service.api('POST', '/api/webhook/', {
    json: { url, format: options.format ?? 'standard' },
  });
  const hook = webhookSchema.parse(added.data);
  const secrets = [hook.secret];
  let answer = hook;
  for (let i = 0; i < rotations; i += 1) {
    behind = ago + (rotations - 1 - i) * HOUR;
    answer = webhookSchema.parse(
      (await service.api('POST', `/api/webhook/${hook.id}/rotate`)).data,
    );
    secrets.push(answer.secret);
  }
  const rotatedAt = clock();
  behind = 0;
  return { id: hook.id, secrets, answer, rotatedAt };
}

const sendTest = async (service: TestService, id: number) =>
  deliverySchema.parse((await service.api('POST', `/api/webhook/${id}/test`)).data);

/** Whether a receiver holding only `secret` accepts the request. */
function accepts(request: Received, secret: string): boolean {
  try {
    verified(request, secret);
    return true;
  } catch {
    return false;
  }
}

const signatures = (request: Received) => String(request.headers['webhook-signature']).split(' ');

/** The signature `secret` makes of the request, as the library computes it. */
const signatureOf = (request: Received, secret: string) =>
  new StandardWebhook(secret).sign(
    String(request.headers['webhook-id']),
    new Date(Number(request.headers['webhook-timestamp']) * 1000),
    request.body,
  );

describe(`a rotated webhook secret on ${testEngine()}`, () => {
  it('signs with the previous secret too for 24 hours: 23 hours on, events, test events and resends verify with either, the new signature first', async () => {
    const { service, receiver } = await setUp();
    const { id, secrets, answer, rotatedAt } = await rotatedAgo(service, receiver.url, 23 * HOUR);
    const [previous, current] = secrets as [string, string];
    expect(answer.previous_secret_valid_until).toBe(rotatedAt + 24 * HOUR);
    const listed = webhookListSchema.parse((await service.api('GET', '/api/webhook/')).data);
    expect(listed.items[0]!.previous_secret_valid_until).toBe(rotatedAt + 24 * HOUR);

    const test = await sendTest(service, id);
    await service.createToken({ name: 'Signed twice' });
    await receiver.waitFor(2);
    await service.api('POST', `/api/webhook/${id}/deliveries/${test.id}/resend`);
    const arrived = await receiver.waitFor(3);
    expect(arrived.map((request) => verified(request, current).type).sort()).toEqual([
      'token.created',
      'webhook.test',
      'webhook.test',
    ]);
    for (const request of arrived) {
      expect(accepts(request, previous)).toBe(true);
      expect(signatures(request)).toEqual([
        signatureOf(request, current),
        signatureOf(request, previous),
      ]);
    }
  });

  it('signs with the new secret alone from 24 hours after the rotation: the previous one verifies nothing', async () => {
    const { service, receiver } = await setUp();
    const { id, secrets } = await rotatedAgo(service, receiver.url, 24 * HOUR);
    const [previous, current] = secrets as [string, string];
    const listed = webhookListSchema.parse((await service.api('GET', '/api/webhook/')).data);
    expect(listed.items[0]!.previous_secret_valid_until).toBeNull();

    const test = await sendTest(service, id);
    await receiver.waitFor(1);
    await service.api('POST', `/api/webhook/${id}/deliveries/${test.id}/resend`);
    const arrived = await receiver.waitFor(2);
    for (const request of arrived) {
      expect(verified(request, current).type).toBe('webhook.test');
      expect(accepts(request, previous)).toBe(false);
      expect(signatures(request)).toEqual([signatureOf(request, current)]);
    }
  });

  it('keeps only the secret it replaces when rotated again within the 24 hours', async () => {
    const { service, receiver } = await setUp();
    const { id, secrets } = await rotatedAgo(service, receiver.url, HOUR, { rotations: 2 });
    const [first, second, third] = secrets as [string, string, string];
    await sendTest(service, id);
    const [request] = await receiver.waitFor(1);
    expect(accepts(request!, third)).toBe(true);
    expect(accepts(request!, second)).toBe(true);
    expect(accepts(request!, first)).toBe(false);
  });

  it('leaves a Slack endpoint unsigned within the 24 hours as before', async () => {
    const { service, receiver } = await setUp();
    const { id } = await rotatedAgo(service, receiver.url, HOUR, { format: 'slack' });
    await sendTest(service, id);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toHaveProperty('text');
    expect(request!.headers['webhook-signature']).toBeUndefined();
  });
});
