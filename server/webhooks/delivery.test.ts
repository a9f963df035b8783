/**
 * Webhooks as a receiver gets them, from the service and its deliverer: signed so the Standard
 * Webhooks library verifies them, retried with the same webhook-id, never in a request's way,
 * and never sent where they may not go.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSchema, type Webhook } from '../../src/contract/webhook';
import { startTestService, testEngine, type TestService } from '../test-support';
import { WebhookDeliverer } from './deliverer';
import { startReceiver, verified } from './test-receiver';

const clock = () => Math.floor(Date.now() / 1000);
const running: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];

afterEach(async () => {
  for (const thing of running.splice(0).reverse()) {
    await ('stop' in thing ? thing.stop() : thing.close());
  }
});

async function setUp(options: { allowPrivate?: boolean; retrySchedule?: number[] } = {}) {
  const service = startTestService({ clock, webhookAllowPrivate: true });
  running.push(service);
  const deliverer = new WebhookDeliverer({
    store: service.store,
    allowPrivate: options.allowPrivate ?? true,
    pollMs: 50,
    retrySchedule: options.retrySchedule,
  }).start();
  running.push(deliverer);
  const receiver = await startReceiver();
  running.push(receiver);
  return { service, deliverer, receiver };
}

async function endpoint(
  service: TestService,
  url: string,
  fields: Record<string, unknown> = {},
): Promise<Webhook> {
  const answer = await service.api('POST', '/api/webhook/', { json: { url, ...fields } });
  expect(answer.status, answer.message).toBe(200);
  return webhookSchema.parse(answer.data);
}

const typeIs = (type: string) => (request: { body: string }) =>
  (JSON.parse(request.body) as { type: string }).type === type;

describe(`webhooks delivered on ${testEngine()}`, () => {
  it('sends every event type signed, and each verifies with the Standard Webhooks library', async () => {
    const { service, receiver } = await setUp();
    const hook = await endpoint(service, receiver.url);
    await service.store.lookForTimedEvents(clock());
    const token = await service.createToken({ name: 'Support bot', remain_quota: 100 });
    await service.api('PUT', '/api/token/', { json: { id: token.id, name: 'Support desk' } });
    await service.api('POST', `/api/token/${token.id}/key`);
    await service.api('POST', `/api/token/${token.id}/rotate`, { json: { grace_seconds: 0 } });
    const { data } = await service.api('GET', `/api/token/${token.id}`);
    const key = (await service.store.reveal(token.id))!;
    await service.api('POST', '/api/token/verify', { json: { key, cost: 95 } });
    await service.api('POST', '/api/token/verify', { json: { key, cost: 5 } });
    const expiring = await service.createToken({ name: 'Short', expired_time: clock() + 1 });
    await service.api('POST', `/api/webhook/${hook.id}/test`);
    await new Promise((done) => setTimeout(done, 2_100));
    await service.store.lookForTimedEvents(clock());
    const refilling = await service.createToken({
      name: 'Daily',
      quota_reset_period: 'daily',
      quota_reset_amount: 50,
    });
    // Two days on, for the look: the refill has fallen due.
    await service.store.lookForTimedEvents(clock() + 2 * 86_400);
    await service.api('DELETE', `/api/token/${token.id}`);
    const types = [
      'token.created',
      'token.updated',
      'token.revealed',
      'token.rotated',
      'token.quota_low',
      'token.exhausted',
      'token.expiring',
      'token.expired',
      'token.refilled',
      'token.deleted',
      'webhook.test',
    ];
    const arrived = await receiver.waitFor(types.length + 2);
    const events = arrived.map((request) => verified(request, hook.secret));
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(types));
    const byType = (type: string) => events.filter((event) => event.type === type);
    expect(byType('token.created')).toHaveLength(3);
    expect(byType('token.updated')[0]!.data).toMatchObject({
      token: { name: 'Support desk' },
      previous: { name: 'Support bot' },
      actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' },
    });
    expect(byType('token.exhausted')[0]!.data.token).toMatchObject({ remain_quota: 0, status: 4 });
    expect(byType('token.expired')[0]!.data.token).toMatchObject({ id: expiring.id });
    expect(byType('token.refilled')[0]!.data.token).toMatchObject({
      id: refilling.id,
      remain_quota: 50,
    });
    expect(JSON.stringify(events)).not.toContain(key);
    expect(data).toMatchObject({ id: token.id });
    for (const request of arrived) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-id']).toBe((JSON.parse(request.body) as { id: string }).id);
    }
  }, 30_000);

  it('sends token.quota_low once under 100 concurrent charges', async () => {
    const { service, receiver } = await setUp();
    await endpoint(service, receiver.url, { events: ['token.quota_low', 'token.exhausted'] });
    const token = await service.createToken({ name: 'Busy', remain_quota: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        service.api('POST', '/api/token/verify', { json: { key: token.key, cost: 10 } }),
      ),
    );
    expect(answers.every((answer) => (answer.data as { valid: boolean }).valid)).toBe(true);
    await receiver.waitFor(2);
    await new Promise((done) => setTimeout(done, 500));
    expect(receiver.received.filter(typeIs('token.quota_low'))).toHaveLength(1);
    expect(receiver.received.filter(typeIs('token.exhausted'))).toHaveLength(1);
  });

  it('retries after 500s with the same webhook-id, each attempt in the log', async () => {
    const { service, receiver } = await setUp({ retrySchedule: [1] });
    receiver.answer = (_request, index) =>
      index < 2 ? { status: 500, body: 'down' } : { status: 204 };
    const hook = await endpoint(service, receiver.url, { events: ['token.created'] });
    await service.createToken({ name: 'Retried' });
    const arrived = await receiver.waitFor(3);
    const ids = arrived.map((request) => verified(request, hook.secret).id);
    expect(new Set(ids).size).toBe(1);
    await new Promise((done) => setTimeout(done, 300));
    const page = (await service.api('GET', `/api/webhook/${hook.id}/deliveries`)).data as {
      items: Array<{ state: string; attempts: Array<{ status_code: number; answer: string }> }>;
    };
    expect(page.items[0]!.state).toBe('delivered');
    expect(page.items[0]!.attempts.map((attempt) => attempt.status_code)).toEqual([204, 500, 500]);
    expect(page.items[0]!.attempts[2]!.answer).toBe('down');
  }, 20_000);

  it('formats for Slack: a sentence, unsigned', async () => {
    const { service, receiver } = await setUp();
    await endpoint(service, receiver.url, { format: 'slack', events: ['token.exhausted'] });
    const token = await service.createToken({ name: 'support-bot', remain_quota: 10_000_000 });
    await service.api('POST', '/api/token/verify', { json: { key: token.key, cost: 10_000_000 } });
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toEqual({
      text: 'Key *support-bot* is out of quota (0 of $20.00 left).',
    });
    expect(request!.headers['webhook-signature']).toBeUndefined();
  });

  it('does not slow a token write while the receiver takes 3 s to answer', async () => {
    const { service, receiver } = await setUp();
    const p99 = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        await service.createToken({ name: `Timed ${i}` });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[Math.ceil(count * 0.99) - 1]!;
    };
    const alone = await p99(40);
    receiver.answer = () => ({ status: 200, delayMs: 3_000 });
    await endpoint(service, receiver.url);
    const withSlowReceiver = await p99(40);
    expect(withSlowReceiver).toBeLessThan(Math.max(alone * 3, alone + 100));
  }, 30_000);

  it('refuses private addresses without the switch, and follows no redirect', async () => {
    const { service, receiver } = await setUp({ allowPrivate: false });
    const target = await startReceiver();
    running.push(target);
    receiver.answer = () => ({ status: 307, headers: { location: target.url } });
    const hook = await endpoint(service, receiver.url);
    await service.api('POST', `/api/webhook/${hook.id}/test`);
    await new Promise((done) => setTimeout(done, 500));
    const page = (await service.api('GET', `/api/webhook/${hook.id}/deliveries`)).data as {
      items: Array<{ attempts: Array<{ error: string | null }> }>;
    };
    expect(page.items[0]!.attempts[0]!.error).toContain('WEBHOOK_ALLOW_PRIVATE=1');
    expect(receiver.received).toHaveLength(0);

    const open = await setUp({ allowPrivate: true });
    open.receiver.answer = () => ({ status: 307, headers: { location: target.url } });
    const redirected = await endpoint(open.service, open.receiver.url);
    await open.service.api('POST', `/api/webhook/${redirected.id}/test`);
    await open.receiver.waitFor(1);
    await new Promise((done) => setTimeout(done, 500));
    expect(target.received).toHaveLength(0);
    const log = (await open.service.api('GET', `/api/webhook/${redirected.id}/deliveries`))
      .data as {
      items: Array<{ state: string; attempts: Array<{ status_code: number }> }>;
    };
    expect(log.items[0]!.state).toBe('pending');
    expect(log.items[0]!.attempts[0]!.status_code).toBe(307);
  });
});
