/**
 * The webhook outbox on each engine: every change and crossing is an event written with it, a
 * delivery per subscribed endpoint, claims that one caller holds at a time, retries, and the
 * periodic look's events once per token and expiry.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_IDENTITY } from '../../src/contract/admin-key';
import { auditQuerySchema, type AuditContext } from '../../src/contract/audit';
import { tokenCreateSchema, type Token } from '../../src/contract/token';
import { webhookCreateSchema, type WebhookCreateInput } from '../../src/contract/webhook';
import { openTestStore, testEngine, type TestStore } from '../test-support';
import type { TokenStore } from './token-store';
import type { DeliveryJob } from './webhook-job';
import { RETRY_WINDOW_SECONDS, type AttemptResult } from './webhook-record';

const DAY = 86_400;
const audit: AuditContext = { actor: OWNER_IDENTITY, ip: '203.0.113.7' };
/** The real time: crossings and refills are stamped with the database's own clock. */
const START = Math.floor(Date.now() / 1000);
let now = START;
let handle: TestStore;
let store: TokenStore;

beforeEach(() => {
  now = START;
  handle = openTestStore({ clock: () => now });
  store = handle.store;
});
afterEach(async () => {
  await handle.dispose();
});

const endpoint = (input: Partial<WebhookCreateInput> = {}) =>
  store.createWebhook(
    webhookCreateSchema.parse({ url: 'https://hooks.example.com/in', ...input }),
    audit,
  );
const token = (fields: Record<string, unknown> = {}) =>
  store.create(
    tokenCreateSchema.parse({ name: 'Support bot', remain_quota: 1000, ...fields }),
    audit,
  );
const typesOf = async (id: number) => (await store.tokenEvents(id)).map((event) => event.type);
/** Every delivery due far ahead of every clock (crossings are stamped with the database's). */
const claimAll = () => store.claimDeliveries(4_000_000_000, 1000);
const answer = (job: DeliveryJob, status: number | null, time: number): AttemptResult => ({
  delivery_id: job.delivery_id,
  endpoint_id: job.endpoint_id,
  time,
  status_code: status,
  error: status === null ? 'connection refused' : null,
  duration_ms: 3,
  answer: '',
});

describe(`the webhook outbox on ${testEngine()}`, () => {
  it('writes every change of a token as an event with its masked token, and a delivery to each endpoint subscribed', async () => {
    const all = await endpoint();
    const onlyDeletes = await endpoint({ events: ['token.deleted'] });
    await endpoint({ enabled: false });
    const created = await token();
    await store.update({ id: created.id, name: 'Renamed' }, audit);
    await store.reveal(created.id, audit);
    await store.rotate(created.id, 60, audit);
    await store.remove(created.id, audit);
    expect(await typesOf(created.id)).toEqual([
      'token.deleted',
      'token.rotated',
      'token.revealed',
      'token.updated',
      'token.created',
    ]);
    const jobs = await claimAll();
    expect(jobs.filter((job) => job.endpoint_id === all.id)).toHaveLength(5);
    expect(
      jobs.filter((job) => job.endpoint_id === onlyDeletes.id).map((job) => job.event.type),
    ).toEqual(['token.deleted']);
    expect(jobs.every((job) => job.secret.startsWith('whsec_'))).toBe(true);
    const updated = jobs.find((job) => job.event.type === 'token.updated')!.event;
    expect(updated.data.token).toMatchObject({ id: created.id, name: 'Renamed' });
    expect(updated.data.previous).toMatchObject({ name: 'Support bot' });
    expect(updated.data.actor).toEqual(OWNER_IDENTITY);
    expect(updated.data.token!.key).not.toBe(created.key);
    expect(updated.data.token!.key).toContain('*');
    expect(updated.created_at).toBe(now);
  });

  it('writes no event for a change refused, nor for tokens loaded without an actor', async () => {
    await endpoint();
    const created = await token({ remain_quota: 0 });
    await store.update({ id: created.id, status: 2 }, audit);
    expect(await store.update({ id: created.id, status: 1 }, audit)).toEqual({
      outcome: 'refused',
      reason: 'exhausted',
    });
    await store.insertMany([{ ...tokenRecord(), name: 'Loaded' }]);
    expect(await typesOf(created.id)).toEqual(['token.updated', 'token.created']);
    expect(await claimAll()).toHaveLength(2);
  });

  it('sends token.quota_low once and token.exhausted once as verifies run a key down, and again after a top-up', async () => {
    const { id, key } = await token({ remain_quota: 100 });
    for (let i = 0; i < 12; i += 1) await store.verify({ key, cost: 10 });
    expect(await typesOf(id)).toEqual(['token.exhausted', 'token.quota_low', 'token.created']);
    await store.update({ id, remain_quota: 50 }, audit);
    for (let i = 0; i < 6; i += 1) await store.verify({ key, cost: 10 });
    expect((await typesOf(id)).slice(0, 3)).toEqual([
      'token.exhausted',
      'token.quota_low',
      'token.updated',
    ]);
    expect(await typesOf(id)).toHaveLength(6);
  });

  it('finds the crossings of usage reports, settled holds and edits', async () => {
    const { id, key } = await token({ remain_quota: 100 });
    await store.report({ key, quota: 95 });
    expect((await typesOf(id))[0]).toBe('token.quota_low');
    const hold = await store.verify({ key, cost: 5, request_id: 'r-1' });
    expect(hold.code).toBe('VALID');
    expect((await typesOf(id))[0]).toBe('token.exhausted');
    const edited = await token({ remain_quota: 500 });
    await store.update({ id: edited.id, remain_quota: 0 }, audit);
    expect(await typesOf(edited.id)).toEqual(['token.updated', 'token.exhausted', 'token.created']);
  });

  it('measures token.quota_low against the refill amount and the percent option', async () => {
    await store.setOption('AlertLowQuotaPercent', '50', audit);
    const { id, key } = await token({
      remain_quota: 1000,
      quota_reset_period: 'daily',
      quota_reset_amount: 200,
    });
    await store.verify({ key, cost: 850 });
    expect(await typesOf(id)).toEqual(['token.created']);
    await store.verify({ key, cost: 60 });
    expect(await typesOf(id)).toEqual(['token.quota_low', 'token.created']);
  });

  it('sends token.quota_low once under 100 concurrent charges', async () => {
    const { id, key } = await token({ remain_quota: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => store.verify({ key, cost: 10 })),
    );
    expect(answers.every((answer) => answer.code === 'VALID')).toBe(true);
    expect(await typesOf(id)).toEqual(['token.exhausted', 'token.quota_low', 'token.created']);
  });

  it('sends token.refilled when a refill is applied', async () => {
    const { id } = await token({ quota_reset_period: 'daily', quota_reset_amount: 300 });
    now += 2 * DAY;
    await store.lookForTimedEvents(now);
    expect(await typesOf(id)).toEqual(['token.refilled', 'token.created']);
    expect((await store.get(id))!.remain_quota).toBe(300);
  });

  it('finds expiring and expired tokens once per token and expiry, however often it looks', async () => {
    await store.lookForTimedEvents(now);
    const soon = await token({ expired_time: now + 3 * DAY });
    const later = await token({ expired_time: now + 30 * DAY });
    const never = await token();
    expect(await typesOf(soon.id)).toEqual(['token.expiring', 'token.created']);
    await store.lookForTimedEvents(now);
    now += 24 * DAY;
    await store.lookForTimedEvents(now);
    await store.lookForTimedEvents(now);
    expect(await typesOf(soon.id)).toEqual(['token.expired', 'token.expiring', 'token.created']);
    expect(await typesOf(later.id)).toEqual(['token.expiring', 'token.created']);
    await store.update({ id: later.id, expired_time: now + 2 * DAY }, audit);
    expect((await typesOf(later.id)).slice(0, 2)).toEqual(['token.expiring', 'token.updated']);
    expect(await typesOf(never.id)).toEqual(['token.created']);
  });

  it('follows a lowered AlertExpiringDays at once, and a raised one at the next look', async () => {
    await store.lookForTimedEvents(now);
    await store.setOption('AlertExpiringDays', '0', audit);
    const tomorrow = await token({ expired_time: now + DAY });
    expect(await typesOf(tomorrow.id)).toEqual(['token.created']);
    await store.lookForTimedEvents(now);
    expect(await typesOf(tomorrow.id)).toEqual(['token.created']);
    await store.setOption('AlertExpiringDays', '2', audit);
    await store.lookForTimedEvents(now);
    expect(await typesOf(tomorrow.id)).toEqual(['token.expiring', 'token.created']);
    // Down and up again: the token and its expiry had their event, and get no second.
    await store.setOption('AlertExpiringDays', '1', audit);
    await store.setOption('AlertExpiringDays', '3', audit);
    await store.lookForTimedEvents(now);
    await store.update({ id: tomorrow.id, name: 'Renamed' }, audit);
    expect(await typesOf(tomorrow.id)).toEqual([
      'token.updated',
      'token.expiring',
      'token.created',
    ]);
  });

  it('hands each due delivery to one claim at a time until its lease runs out', async () => {
    await endpoint();
    await Promise.all(Array.from({ length: 20 }, () => token()));
    const [a, b] = await Promise.all([
      store.claimDeliveries(4_000_000_000, 12),
      store.claimDeliveries(4_000_000_000, 12),
    ]);
    const ids = [...a!, ...b!].map((job) => job.delivery_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
    expect(await store.claimDeliveries(4_000_000_000, 50)).toEqual([]);
    expect(await store.claimDeliveries(4_000_000_000 + 61, 50)).toHaveLength(20);
  });

  it('retries on the schedule, records each attempt, and switches off an endpoint failing for 3 days', async () => {
    const hook = await endpoint();
    await token();
    const [job] = await store.claimDeliveries(now, 10);
    await store.recordAttempts([answer(job!, 500, now)]);
    let [delivery] = (await store.deliveries(hook.id, { size: 10 }))!.items;
    expect(delivery).toMatchObject({ state: 'pending', next_attempt_time: now + 5 });
    expect(delivery!.attempts).toEqual([
      { time: now, status_code: 500, error: null, duration_ms: 3, answer: '' },
    ]);
    expect(await store.claimDeliveries(now + 4, 10)).toEqual([]);
    const [again] = await store.claimDeliveries(now + 5, 10);
    expect(again!.event.id).toBe(job!.event.id);
    await store.recordAttempts([answer(again!, null, now + RETRY_WINDOW_SECONDS)]);
    [delivery] = (await store.deliveries(hook.id, { size: 10 }))!.items;
    expect(delivery).toMatchObject({ state: 'failed', next_attempt_time: null });
    const [after] = await store.webhooks();
    expect(after).toMatchObject({ enabled: false });
    expect(after!.health).toMatchObject({
      failures_in_row: 2,
      failing_since: now,
      switched_off_time: now + RETRY_WINDOW_SECONDS,
      last_error: 'connection refused',
    });
    const records = await store.auditPage({ p: 1, size: 1 });
    expect(records.items[0]).toMatchObject({
      action: 'webhook.switch_off',
      actor: { name: 'Tokendesk' },
    });
  });

  it('sends a test event to the endpoint asked only, and resends a delivery with the same event', async () => {
    const asked = await endpoint({ enabled: false });
    await endpoint();
    const test = await store.sendTestEvent(asked.id, OWNER_IDENTITY);
    expect(test).toMatchObject({ state: 'pending', event: { type: 'webhook.test' } });
    const [job] = await claimAll();
    expect(job).toMatchObject({
      endpoint_id: asked.id,
      event: { data: { actor: OWNER_IDENTITY } },
    });
    await store.recordAttempts([answer(job!, 204, now)]);
    const resent = await store.resendDelivery(asked.id, test!.id);
    expect(resent!.id).not.toBe(test!.id);
    expect(resent!.event.id).toBe(test!.event.id);
    expect(await store.resendDelivery(asked.id + 1, test!.id)).toBeNull();
  });

  it('keeps each secret sealed: shown whole once, masked after, replaced by a rotation', async () => {
    const created = await endpoint();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [listed] = await store.webhooks();
    expect(listed!.secret).not.toBe(created.secret);
    expect(listed!.secret.endsWith(created.secret.slice(-4))).toBe(true);
    const rotated = await store.rotateWebhookSecret(created.id, audit);
    expect(rotated!.secret).not.toBe(created.secret);
    await token();
    const [job] = await claimAll();
    expect(job!.secret).toBe(rotated!.secret);
  });

  it('keeps the secret a rotation replaced for 24 hours, answering only until when, then forgets it at the periodic look', async () => {
    const created = await endpoint();
    const rotated = (await store.rotateWebhookSecret(created.id, audit))!;
    expect(rotated.previous_secret_valid_until).toBe(START + DAY);
    /** The previous secret a test event sent now is signed with. */
    const previousOfTest = async () => {
      const test = await store.sendTestEvent(created.id, OWNER_IDENTITY);
      const jobs = await store.claimDeliveries(now, 1000);
      return jobs.find((job) => job.delivery_id === test!.id)!.previous;
    };
    expect(await previousOfTest()).toEqual({ secret: created.secret, valid_until: START + DAY });

    now = START + DAY - 1;
    await store.lookForTimedEvents(now);
    expect((await store.webhooks())[0]!.previous_secret_valid_until).toBe(START + DAY);
    expect((await previousOfTest())?.secret).toBe(created.secret);

    now = START + DAY;
    expect((await store.webhooks())[0]!.previous_secret_valid_until).toBeNull();
    await store.lookForTimedEvents(now);
    expect(await previousOfTest()).toBeNull();
    const answered = JSON.stringify([
      rotated,
      await store.webhooks(),
      await store.auditPage(auditQuerySchema.parse({})),
    ]);
    expect(answered).not.toContain(created.secret);
  });
});

/** A token record as the seed loads it. */
function tokenRecord(): Omit<Token, 'id' | 'status' | 'previous_key_valid_until'> & {
  status: 1;
} {
  return {
    name: 'Loaded',
    key: 'a'.repeat(48),
    status: 1,
    remain_quota: 10,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: -1,
    created_time: now,
    accessed_time: now,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
  };
}
