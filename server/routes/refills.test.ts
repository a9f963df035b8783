import { auditQuerySchema } from '../../src/contract/audit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Token } from '../../src/contract/token';
import { verifyResultSchema } from '../../src/contract/verify';
import { snapshotStore, startTestService, type TestService } from '../test-support';

/** Seconds of a UTC date and time, written the way people read it. */
const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const DAY = 86_400;

let clock = at('2027-01-13T15:30:00'); // a Wednesday
let service: TestService;
beforeAll(() => {
  service = startTestService({ clock: () => clock });
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  clock = at('2027-01-13T15:30:00');
});

const read = async (id: number) => (await service.api('GET', `/api/token/${id}`)).data as Token;

async function spend(key: string, cost: number) {
  const response = await service.api('POST', '/api/token/verify', { json: { key, cost } });
  return verifyResultSchema.parse(response.data);
}

describe('refills', () => {
  it('are off unless asked for, and every token answers its refill fields', async () => {
    const token = await service.createToken({ name: 'Plain', remain_quota: 5 });
    expect(token).toMatchObject({
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      next_reset_time: -1,
      rpm_limit: 0,
    });
    const page = (await service.api('GET', '/api/token/?keyword=Plain')).data as {
      items: Token[];
    };
    expect(page.items[0]).toMatchObject({ quota_reset_period: 'none', next_reset_time: -1 });
  });

  it('refill a spent daily budget at 00:00 UTC, not a second before, and read as enabled again', async () => {
    const token = await service.createToken({
      name: 'Daily',
      remain_quota: 300,
      quota_reset_period: 'daily',
      quota_reset_amount: 500,
    });
    const midnight = at('2027-01-14T00:00:00');
    expect(token.next_reset_time).toBe(midnight);
    expect((await spend(token.key, 300)).remain_quota).toBe(0);
    expect((await read(token.id)).status).toBe(4);

    clock = midnight - 1;
    expect(await read(token.id)).toMatchObject({ remain_quota: 0, status: 4 });
    clock = midnight;
    expect(await read(token.id)).toMatchObject({
      remain_quota: 500,
      used_quota: 300,
      status: 1,
      next_reset_time: midnight + DAY,
    });
  });

  it('refill before a list, a summary or a verify sees the token', async () => {
    const token = await service.createToken({
      name: 'Seen refilled',
      remain_quota: 0,
      quota_reset_period: 'daily',
      quota_reset_amount: 50,
    });
    const exhausted = () => service.api('GET', '/api/token/?status=4&keyword=Seen refilled');
    expect(((await exhausted()).data as { total: number }).total).toBe(1);

    clock = at('2027-01-14T00:00:05');
    expect(((await exhausted()).data as { total: number }).total).toBe(0);
    const summary = await service.api('GET', '/api/token/summary?keyword=Seen refilled');
    expect(summary.data).toMatchObject({ total: 1, exhausted: 0, remain_quota: 50 });

    clock = at('2027-01-15T00:00:05');
    await service.api('POST', '/api/token/usage', { json: { token_id: token.id, quota: 20 } });
    clock = at('2027-01-16T00:00:00');
    // A free check is the first to touch the token after the reset: it sees the budget whole.
    expect(await spend(token.key, 0)).toMatchObject({ code: 'VALID', remain_quota: 50 });
    expect(await spend(token.key, 50)).toMatchObject({ code: 'VALID', remain_quota: 0 });
  });

  it('settle a report against the refilled budget when the report is the first to touch it', async () => {
    const token = await service.createToken({
      name: 'Reported',
      remain_quota: 10,
      quota_reset_period: 'daily',
      quota_reset_amount: 100,
    });
    clock = at('2027-01-14T09:00:00');
    const response = await service.api('POST', '/api/token/usage', {
      json: { token_id: token.id, quota: 30 },
    });
    expect(response.data).toMatchObject({ remain_quota: 70, used_quota: 30 });
  });

  it('come weekly on Mondays, and after a missed week once, not once a week', async () => {
    const token = await service.createToken({
      name: 'Weekly',
      remain_quota: 0,
      quota_reset_period: 'weekly',
      quota_reset_amount: 1000,
    });
    expect(token.next_reset_time).toBe(at('2027-01-18T00:00:00'));
    // Nothing touches it for two weeks and a half.
    clock = at('2027-01-31T12:00:00'); // a Sunday
    expect(await read(token.id)).toMatchObject({
      remain_quota: 1000,
      next_reset_time: at('2027-02-01T00:00:00'),
    });
    await spend(token.key, 400);
    clock = at('2027-02-01T00:00:00'); // Monday
    expect(await read(token.id)).toMatchObject({
      remain_quota: 1000,
      next_reset_time: at('2027-02-08T00:00:00'),
    });
  });

  it('come monthly on the 1st, through months of 31, 28, 29 and 30 days', async () => {
    clock = at('2027-01-20T08:00:00');
    const token = await service.createToken({
      name: 'Monthly',
      remain_quota: 1,
      quota_reset_period: 'monthly',
      quota_reset_amount: 7,
    });
    expect(token.next_reset_time).toBe(at('2027-02-01T00:00:00'));
    const steps: Array<[string, string]> = [
      ['2027-02-01T00:00:00', '2027-03-01T00:00:00'], // February 2027: 28 days
      ['2027-03-01T00:00:00', '2027-04-01T00:00:00'], // March: 31
      ['2027-04-01T00:00:00', '2027-05-01T00:00:00'], // April: 30
      ['2028-02-01T00:00:00', '2028-03-01T00:00:00'], // February 2028, a leap year: 29
      ['2028-12-31T23:59:59', '2029-01-01T00:00:00'], // into the next year
    ];
    for (const [now, next] of steps) {
      await spend(token.key, 1);
      clock = at(now);
      expect(await read(token.id), now).toMatchObject({
        remain_quota: 7,
        next_reset_time: at(next),
      });
    }
  });

  it('change with an update: a new period schedules from now, the same one keeps its time', async () => {
    const token = await service.createToken({ name: 'Changed', remain_quota: 5 });
    const update = async (fields: Record<string, unknown>) =>
      (await service.api('PUT', '/api/token/', { json: { id: token.id, ...fields } }))
        .data as Token;
    const daily = await update({ quota_reset_period: 'daily', quota_reset_amount: 9 });
    expect(daily).toMatchObject({
      quota_reset_amount: 9,
      next_reset_time: at('2027-01-14T00:00:00'),
    });
    clock = at('2027-01-13T20:00:00');
    expect(await update({ quota_reset_period: 'daily', quota_reset_amount: 12 })).toMatchObject({
      quota_reset_amount: 12,
      next_reset_time: at('2027-01-14T00:00:00'),
    });
    expect(await update({ quota_reset_period: 'monthly' })).toMatchObject({
      next_reset_time: at('2027-02-01T00:00:00'),
    });
    expect(await update({ quota_reset_period: 'none' })).toMatchObject({
      next_reset_time: -1,
      remain_quota: 5,
    });
    clock = at('2027-03-01T00:00:00');
    expect((await read(token.id)).remain_quota).toBe(5);
  });

  it('refuse an unknown period, a bad amount or rate limit, naming the field, and store nothing', async () => {
    const token = await service.createToken({ name: 'Kept', remain_quota: 5 });
    const before = await snapshotStore(service.store);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { quota_reset_period: 'yearly' },
        'quota_reset_period must be one of none, daily, weekly, monthly',
      ],
      [{ quota_reset_period: 'Daily' }, 'quota_reset_period must be one of'],
      [{ quota_reset_amount: -1 }, 'quota_reset_amount must be between 0 and 1000000000000000'],
      [{ quota_reset_amount: 2.5 }, 'quota_reset_amount must be a whole number'],
      [{ rpm_limit: -1 }, 'rpm_limit must be a whole number from 0 (no limit) to 1000000'],
      [{ rpm_limit: 1_000_001 }, 'rpm_limit must be a whole number from 0 (no limit) to 1000000'],
      [{ rpm_limit: '60' }, 'rpm_limit must be a whole number'],
      [{ next_reset_time: 5 }, ''],
    ];
    for (const [fields, message] of refusals) {
      const created = await service.api('POST', '/api/token/', {
        json: { name: 'New', ...fields },
      });
      const updated = await service.api('PUT', '/api/token/', {
        json: { id: token.id, ...fields },
      });
      if (message === '') {
        // next_reset_time is the service's to set: sent, it is not read.
        expect(created.status).toBe(200);
        expect((created.data as Token).next_reset_time).toBe(-1);
        await service.api('DELETE', `/api/token/${(created.data as Token).id}`);
        expect((updated.data as Token).next_reset_time).toBe(-1);
        continue;
      }
      for (const response of [created, updated]) {
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(response.message).toContain(message);
      }
    }
    // The accepted create and its delete are in the audit; nothing else changed.
    const after = await snapshotStore(service.store);
    const newest = await service.store.auditPage(auditQuerySchema.parse({ size: '2' }));
    expect(newest.items.map((record) => record.action)).toEqual(['token.delete', 'token.create']);
    expect(after.audit.total).toBe(before.audit.total + 2);
    expect({ ...after, audit: before.audit }).toEqual(before);
  });
});
