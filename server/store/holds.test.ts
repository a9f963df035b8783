import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenCreateSchema } from '../../src/contract/token';
import { HOLD_WINDOW_SECONDS } from '../../src/contract/verify';
import { openTestStore, testEngine, type TestStore } from '../test-support';
import type { HoldPlan } from './ports/gateway-calls';
import { DATABASE_FILE } from './sqlite/database';
import type { TokenStore } from './token-store';

const HOUR = 3_600;
/** A whole hour's start, so that every test's figures fall in known hours. */
const NOW = 1_800_000_000 - (1_800_000_000 % HOUR);
let clock = NOW;
let handle: TestStore;
let store: TokenStore;

beforeEach(() => {
  clock = NOW;
  handle = openTestStore({ clock: () => clock });
  store = handle.store;
});
afterEach(async () => {
  await handle.dispose();
});

const token = (input: Record<string, unknown>) => store.create(tokenCreateSchema.parse(input));
const hold = (key: string, cost: number, request_id: string, model = 'gpt-4o') =>
  store.verify({ key, cost, request_id, model });
const report = (token_id: number, quota: number, request_id: string) =>
  store.report({ token_id, quota, request_id, model: 'gpt-4o' });

async function totals(tokenId?: number) {
  const figures = await store.usage(
    { from: NOW - HOUR, to: clock + HOUR, bucket: 'hour' },
    tokenId,
  );
  return figures!.totals;
}

describe('holds', () => {
  it('charge a verify with a request_id once, in the step that checks the key, until its report settles it', async () => {
    const { id, key } = await token({ name: 'Held', remain_quota: 1_000 });
    expect(await hold(key, 300, 'req-1')).toMatchObject({
      code: 'VALID',
      remain_quota: 700,
      held: 300,
      max_output_tokens: null,
      now: NOW,
    });
    // The same request again: nothing more is taken.
    expect(await hold(key, 300, 'req-1')).toMatchObject({
      code: 'VALID',
      held: 0,
      remain_quota: 700,
    });
    expect(await store.get(id)).toMatchObject({ remain_quota: 700, used_quota: 300 });
    // Cheaper than held: the rest comes back.
    const settled = await store.report({
      token_id: id,
      quota: 120,
      request_id: 'req-1',
      model: 'gpt-4o',
      prompt_tokens: 900,
      completion_tokens: 150,
    });
    expect(settled).toEqual({
      token_id: id,
      charged: 120,
      held: 300,
      remain_quota: 880,
      used_quota: 120,
      duplicate: false,
    });
    expect(await report(id, 120, 'req-1')).toMatchObject({ duplicate: true, charged: 0, held: 0 });
    // Dearer than held: the difference is charged, the units left stopping at 0.
    await hold(key, 800, 'req-2');
    expect(await report(id, 900, 'req-2')).toMatchObject({
      charged: 900,
      held: 800,
      remain_quota: 0,
      used_quota: 1_020,
    });
    // The figures count the hold at its verify and the difference at its report: the real costs.
    expect(await totals(id)).toMatchObject({
      requests: 3,
      quota: 1_020,
      unsettled: 0,
      prompt_tokens: 900,
      completion_tokens: 150,
    });
  });

  it('give the whole hold back on a report of 0, and settle as before without a hold', async () => {
    const { id, key } = await token({ name: 'Released', remain_quota: 500 });
    await hold(key, 200, 'cut');
    expect(await report(id, 0, 'cut')).toMatchObject({
      held: 200,
      remain_quota: 500,
      used_quota: 0,
    });
    expect(await report(id, 50, 'never-held')).toMatchObject({
      held: 0,
      charged: 50,
      remain_quota: 450,
      used_quota: 50,
    });
    // A verify with a request_id but no cost is a check, not a hold.
    expect(await hold(key, 0, 'free')).toMatchObject({ code: 'VALID', held: 0 });
    expect(await report(id, 10, 'free')).toMatchObject({ held: 0, used_quota: 60 });
  });

  it("settle on a token's quota as refilled, when its reset came since its last request", async () => {
    const { id } = await token({
      name: 'Daily',
      remain_quota: 300,
      quota_reset_period: 'daily',
      quota_reset_amount: 1_000,
    });
    clock = NOW + 24 * HOUR;
    expect(await report(id, 50, 'after-reset')).toMatchObject({ charged: 50, remain_quota: 950 });
  });

  it('take from an unlimited token only its used quota, and give that back', async () => {
    const { id, key } = await token({ name: 'Open', remain_quota: 5, unlimited_quota: true });
    expect(await hold(key, 400, 'u-1')).toMatchObject({ held: 400, remain_quota: 5 });
    expect(await report(id, 100, 'u-1')).toMatchObject({ remain_quota: 5, used_quota: 100 });
  });

  it('cost what the plan decides from the token as it is, or refuse as EXHAUSTED charging nothing', async () => {
    const { id, key } = await token({ name: 'Planned', remain_quota: 250 });
    const seen: number[] = [];
    // Up to 100 a request; less when less is left, with a cap on the output to match.
    const plan: HoldPlan = {
      full: { cost: 100, maxOutputTokens: 200 },
      unlimited: { cost: 100, maxOutputTokens: 200 },
      fit: (remain) => {
        seen.push(remain);
        return remain < 10 ? null : { cost: remain, maxOutputTokens: remain * 2 };
      },
    };
    const planned = (request_id: string) =>
      store.verify({ key, cost: 0, request_id, model: 'gpt-4o' }, { plan });
    expect(await planned('p-1')).toMatchObject({ held: 100, max_output_tokens: 200 });
    expect(await planned('p-2')).toMatchObject({ held: 100, remain_quota: 50 });
    expect(await planned('p-3')).toMatchObject({
      held: 50,
      max_output_tokens: 100,
      remain_quota: 0,
    });
    expect(await planned('p-4')).toMatchObject({ code: 'EXHAUSTED', held: 0, remain_quota: 0 });
    // Fitted to what the token has left only when that is less than the full hold.
    expect(seen).toEqual([50, 0]);
    await report(id, 30, 'p-3');
    expect(await planned('p-5')).toMatchObject({
      held: 20,
      max_output_tokens: 40,
      remain_quota: 0,
    });
    expect(seen.at(-1)).toBe(20);
    expect(await store.get(id)).toMatchObject({ remain_quota: 0, used_quota: 250 });
    expect(await totals(id)).toMatchObject({
      requests: 4,
      quota: 250,
      denied_by_code: { EXHAUSTED: 1 },
    });
  });

  it('refuse a model that is missing or off as MODEL_NOT_ALLOWED, after DISABLED and EXPIRED', async () => {
    const live = await token({ name: 'Live', remain_quota: 100 });
    const off = await token({ name: 'Off', remain_quota: 100 });
    await store.update({ id: off.id, status: 2 });
    const expired = await token({ name: 'Expired', remain_quota: 100, expired_time: NOW - 1 });
    const unavailable = { modelUnavailable: true };
    const check = (key: string) => store.verify({ key, cost: 0, model: 'gone' }, unavailable);
    expect((await check(live.key)).code).toBe('MODEL_NOT_ALLOWED');
    expect((await check(off.key)).code).toBe('DISABLED');
    expect((await check(expired.key)).code).toBe('EXPIRED');
    expect((await check('sk-unknown')).code).toBe('NOT_FOUND');
    expect(await totals(live.id)).toMatchObject({ denied_by_code: { MODEL_NOT_ALLOWED: 1 } });
  });

  it('stand as charged an hour on: swept once, counted unsettled once, a late report a duplicate', async () => {
    const { id, key } = await token({ name: 'Stopped', remain_quota: 1_000 });
    await hold(key, 100, 'lost-1');
    clock = NOW + 600;
    await hold(key, 200, 'lost-2');
    await hold(key, 300, 'settled');
    await report(id, 250, 'settled');
    clock = NOW + HOLD_WINDOW_SECONDS + 1;
    await store.flushUsage();
    await store.flushUsage();
    expect(await totals(id)).toMatchObject({ unsettled: 1, quota: 550 });
    expect(await report(id, 10, 'lost-1')).toMatchObject({ duplicate: true, used_quota: 550 });
    // The second is an hour old when its report comes, before any sweep: too late all the same.
    clock = NOW + 600 + HOLD_WINDOW_SECONDS;
    expect(await report(id, 10, 'lost-2')).toMatchObject({ duplicate: true, held: 0 });
    await store.flushUsage();
    clock += 10 * HOUR;
    await store.flushUsage();
    expect(await totals(id)).toMatchObject({
      unsettled: 2,
      quota: 550,
      denied: 0,
      denied_by_code: {},
    });
    expect(await store.get(id)).toMatchObject({ remain_quota: 450, used_quota: 550 });
  });

  it('survive a restart: a hold settles once after it, and one left is swept once', async () => {
    const { id, key } = await token({ name: 'Restarted', remain_quota: 1_000 });
    await hold(key, 400, 'before-1');
    await hold(key, 100, 'before-2');
    if (testEngine() === 'sqlite') {
      // Acknowledged means on disk: another connection sees the charge and the hold together.
      const db = new Database(join(handle.dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.prepare('SELECT remain_quota FROM tokens WHERE id = ?').pluck().get(id)).toBe(
          500,
        );
        expect(db.prepare('SELECT request_id, held FROM usage_holds ORDER BY held').all()).toEqual([
          { request_id: 'before-2', held: 100 },
          { request_id: 'before-1', held: 400 },
        ]);
      } finally {
        db.close();
      }
    }
    store = await handle.reopen();
    expect(await report(id, 150, 'before-1')).toMatchObject({ held: 400, used_quota: 250 });
    store = await handle.reopen();
    expect(await report(id, 150, 'before-1')).toMatchObject({ duplicate: true, used_quota: 250 });
    clock = NOW + HOLD_WINDOW_SECONDS;
    await store.flushUsage();
    store = await handle.reopen();
    await store.flushUsage();
    expect(await totals(id)).toMatchObject({ unsettled: 1, quota: 250 });
    expect(await store.get(id)).toMatchObject({ remain_quota: 750, used_quota: 250 });
  });
});
