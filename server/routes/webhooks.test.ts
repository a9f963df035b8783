import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/contract/audit';
import {
  deliveryPageSchema,
  deliverySchema,
  eventListSchema,
  webhookListSchema,
  webhookSchema,
  type Webhook,
} from '../../src/contract/webhook';
import { snapshotStore, startTestService, type TestService } from '../test-support';

let service: TestService;
let open: TestService;

beforeAll(() => {
  service = startTestService();
  open = startTestService({ webhookAllowPrivate: true });
});
afterAll(async () => {
  await service.close();
  await open.close();
});

const create = async (on: TestService, body: Record<string, unknown>) => {
  const answer = await on.api('POST', '/api/webhook/', { json: body });
  expect(answer.status, answer.message).toBe(200);
  return webhookSchema.parse(answer.data);
};

describe('/api/webhook', () => {
  it('adds an endpoint with its secret shown whole once, masked in the list after, and rotates it', async () => {
    const made = await create(service, {
      url: 'https://hooks.example.com/in',
      events: ['token.exhausted', 'token.quota_low', 'token.exhausted'],
      description: 'Support alerts',
    });
    expect(made).toMatchObject({
      url: 'https://hooks.example.com/in',
      events: ['token.quota_low', 'token.exhausted'],
      format: 'standard',
      enabled: true,
      health: { last_attempt_time: 0, failures_in_row: 0 },
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = webhookListSchema.parse((await service.api('GET', '/api/webhook/')).data);
    const shown = listed.items.find((item) => item.id === made.id)!;
    expect(shown.secret).toBe(`whsec_…${made.secret.slice(-4)}`);
    const rotated = await service.api('POST', `/api/webhook/${made.id}/rotate`);
    expect((rotated.data as Webhook).secret).toMatch(/^whsec_/);
    expect((rotated.data as Webhook).secret).not.toBe(made.secret);
    const audit = (await service.api('GET', '/api/audit/?size=2')).data as AuditPage;
    expect(audit.items.map((record) => record.action)).toEqual([
      'webhook.rotate',
      'webhook.create',
    ]);
    expect(JSON.stringify(audit)).not.toContain(made.secret);
  });

  it('answers until when the secret a rotation replaced still signs, never that secret', async () => {
    const made = await create(service, { url: 'https://hooks.example.com/rotated' });
    expect(made.previous_secret_valid_until).toBeNull();
    const before = Math.floor(Date.now() / 1000);
    const rotated = webhookSchema.parse(
      (await service.api('POST', `/api/webhook/${made.id}/rotate`)).data,
    );
    const after = Math.floor(Date.now() / 1000);
    expect(rotated.previous_secret_valid_until).toBeGreaterThanOrEqual(before + 86_400);
    expect(rotated.previous_secret_valid_until).toBeLessThanOrEqual(after + 86_400);
    expect(Object.keys(rotated).filter((field) => field.includes('previous'))).toEqual([
      'previous_secret_valid_until',
    ]);
    const listed = webhookListSchema.parse((await service.api('GET', '/api/webhook/')).data);
    expect(listed.items.find((item) => item.id === made.id)).toMatchObject({
      secret: `whsec_…${rotated.secret.slice(-4)}`,
      previous_secret_valid_until: rotated.previous_secret_valid_until,
    });
    const test = deliverySchema.parse(
      (await service.api('POST', `/api/webhook/${made.id}/test`)).data,
    );
    const answers = await Promise.all(
      ['/api/webhook/', `/api/webhook/${made.id}/deliveries`, '/api/audit/?size=5'].map(
        async (path) => JSON.stringify((await service.api('GET', path)).data),
      ),
    );
    for (const answer of [JSON.stringify(rotated), JSON.stringify(test), ...answers]) {
      expect(answer).not.toContain(made.secret);
    }
    const audit = (await service.api('GET', '/api/audit/?size=1')).data as AuditPage;
    expect(audit.items[0]).toMatchObject({
      action: 'webhook.rotate',
      before: { previous_secret_valid_until: null },
      after: { previous_secret_valid_until: rotated.previous_secret_valid_until },
    });
  });

  it('refuses bad input with what to fix, and changes nothing', async () => {
    const before = await snapshotStore(service.store);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "url is required: the receiver's http or https address"],
      [{ url: 'ftp://hooks.example.com/' }, 'url must be an http or https address'],
      [{ url: 'https://user:pw@hooks.example.com/' }, 'url must be an http or https address'],
      [
        { url: 'https://hooks.example.com/', events: ['token.lost'] },
        'events must be a list of event types',
      ],
      [{ url: 'https://hooks.example.com/', events: [] }, 'events must be a list of event types'],
      [
        { url: 'https://hooks.example.com/', format: 'teams' },
        'format must be one of standard, slack',
      ],
      [
        { url: 'https://hooks.example.com/', description: 'x'.repeat(201) },
        'description must be at most 200',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await service.api('POST', '/api/webhook/', { json: body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.message).toContain(message);
    }
    expect(
      (await service.api('PUT', '/api/webhook/', { json: { id: 999, enabled: false } })).status,
    ).toBe(404);
    expect((await service.api('DELETE', '/api/webhook/999')).status).toBe(404);
    expect((await service.api('POST', '/api/webhook/999/test')).status).toBe(404);
    expect((await service.api('GET', '/api/webhook/999/deliveries')).status).toBe(404);
    expect(await snapshotStore(service.store)).toEqual(before);
  });

  it('refuses loopback, link-local and private addresses unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.20.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[fd00::7]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const refused = await service.api('POST', '/api/webhook/', { json: { url } });
      expect(refused.status, url).toBe(400);
      expect(refused.message).toContain('set WEBHOOK_ALLOW_PRIVATE=1');
      expect((await open.api('POST', '/api/webhook/', { json: { url } })).status, url).toBe(200);
    }
    const made = await create(service, { url: 'https://93.184.215.14/hook' });
    const moved = await service.api('PUT', '/api/webhook/', {
      json: { id: made.id, url: 'http://127.0.0.1/hook' },
    });
    expect(moved.status).toBe(400);
  });

  it('sends a test event as a delivery the log shows, resends it, and lists a token’s events', async () => {
    const made = await create(service, { url: 'https://hooks.example.com/test', enabled: false });
    const test = await service.api('POST', `/api/webhook/${made.id}/test`);
    const delivery = deliverySchema.parse(test.data);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: [],
      event: { type: 'webhook.test' },
    });
    const resent = deliverySchema.parse(
      (await service.api('POST', `/api/webhook/${made.id}/deliveries/${delivery.id}/resend`)).data,
    );
    expect(resent.event.id).toBe(delivery.event.id);
    const page = deliveryPageSchema.parse(
      (await service.api('GET', `/api/webhook/${made.id}/deliveries?size=1`)).data,
    );
    expect(page.items.map((item) => item.id)).toEqual([resent.id]);
    expect(page.next_before).toBe(resent.id);
    const next = deliveryPageSchema.parse(
      (await service.api('GET', `/api/webhook/${made.id}/deliveries?size=1&before=${resent.id}`))
        .data,
    );
    expect(next.items.map((item) => item.id)).toEqual([delivery.id]);
    expect(
      (await service.api('POST', `/api/webhook/${made.id}/deliveries/999/resend`)).status,
    ).toBe(404);

    const token = await service.createToken({ name: 'Watched', remain_quota: 10 });
    await service.api('PUT', '/api/token/', { json: { id: token.id, name: 'Watched again' } });
    const events = eventListSchema.parse(
      (await service.api('GET', `/api/webhook/events?token_id=${token.id}`)).data,
    );
    expect(events.items.map((event) => event.type)).toEqual(['token.updated', 'token.created']);
    expect((await service.api('GET', '/api/webhook/events')).status).toBe(400);
  });

  it('switches an endpoint off and on, and deletes it with its log', async () => {
    const made = await create(service, { url: 'https://hooks.example.com/off' });
    const off = await service.api('PUT', '/api/webhook/', {
      json: { id: made.id, enabled: false },
    });
    expect(off.data).toMatchObject({ enabled: false });
    expect((await service.api('DELETE', `/api/webhook/${made.id}`)).data).toEqual({ id: made.id });
    const listed = webhookListSchema.parse((await service.api('GET', '/api/webhook/')).data);
    expect(listed.items.map((item) => item.id)).not.toContain(made.id);
  });
});
