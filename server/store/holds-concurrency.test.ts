/**
 * Holds made and settled at once: on SQLite through the one process's store, on PostgreSQL
 * through two stores on one database, as two instances behind a load balancer share a key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenCreateSchema } from '../../src/contract/token';
import { openTestStore, testEngine, type TestStore } from '../test-support';
import type { HoldPlan } from './ports/gateway-calls';
import { openPostgresStore } from './postgres/store';
import { TEST_SECRET_BYTES } from './test-postgres';
import type { TokenStore } from './token-store';

const NOW = 1_800_000_000;
let handle: TestStore;
/** The stores the requests are spread over: a second instance on PostgreSQL. */
let stores: TokenStore[];

beforeEach(async () => {
  handle = openTestStore({ clock: () => NOW });
  stores = [handle.store];
  const url = await handle.databaseUrl();
  if (url !== undefined) {
    stores.push(await openPostgresStore({ url, now: () => NOW, secret: TEST_SECRET_BYTES }));
  }
});
afterEach(async () => {
  await Promise.all(stores.slice(1).map((store) => store.close()));
  await handle.dispose();
});

const instance = (i: number) => stores[i % stores.length]!;

/** Up to 70 units a request, less when less is left, none below 5. */
const plan: HoldPlan = {
  full: { cost: 70, maxOutputTokens: 70 },
  unlimited: { cost: 70, maxOutputTokens: 70 },
  fit: (remain) => (remain < 5 ? null : { cost: remain, maxOutputTokens: remain }),
};

describe(`holds at once on ${testEngine()}`, () => {
  for (const rpm_limit of [0, 10_000]) {
    const path = rpm_limit > 0 ? 'a rate-limited key' : 'a key';
    it(`never hold more than ${path} has: 50 planned holds on 1,000 units, each settled for at most its hold`, async () => {
      const budget = 1_000;
      const { id, key } = await handle.store.create(
        tokenCreateSchema.parse({ name: 'Shared', remain_quota: budget, rpm_limit }),
      );
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          instance(i).verify({ key, cost: 0, request_id: `r-${i}`, model: 'm' }, { plan }),
        ),
      );
      const held = answers.flatMap((answer, i) => (answer.code === 'VALID' ? [{ i, answer }] : []));
      const total = held.reduce((sum, { answer }) => sum + answer.held, 0);
      expect(total).toBeLessThanOrEqual(budget);
      // Every unit that could be held was: what is left is less than a plan takes.
      expect(budget - total).toBeLessThan(5);
      for (const answer of answers) {
        expect(answer.code === 'VALID' || answer.code === 'EXHAUSTED', answer.code).toBe(true);
      }
      expect(await handle.store.get(id)).toMatchObject({
        remain_quota: budget - total,
        used_quota: total,
      });
      // Each request costs some of its hold (a third of them nothing at all).
      const costs = held.map(({ i, answer }) =>
        i % 3 === 0 ? 0 : Math.max(0, answer.held - (i % 7)),
      );
      const reports = await Promise.all(
        held.map(({ i }, n) =>
          instance(i + 1).report({ token_id: id, quota: costs[n]!, request_id: `r-${i}` }),
        ),
      );
      expect(reports.every((outcome) => outcome?.duplicate === false)).toBe(true);
      const spent = costs.reduce((sum, cost) => sum + cost, 0);
      expect(await handle.store.get(id)).toMatchObject({
        remain_quota: budget - spent,
        used_quota: spent,
      });
    });

    it(`take a request_id's hold once when its verifies race on ${path}`, async () => {
      const { id, key } = await handle.store.create(
        tokenCreateSchema.parse({ name: 'Retried', remain_quota: 1_000, rpm_limit }),
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          instance(i).verify({ key, cost: 30, request_id: 'same', model: 'm' }),
        ),
      );
      expect(answers.map((answer) => answer.code)).toEqual(answers.map(() => 'VALID'));
      expect(answers.map((answer) => answer.held).sort((a, b) => b - a)).toEqual([
        30,
        ...Array.from({ length: 19 }, () => 0),
      ]);
      expect(await handle.store.get(id)).toMatchObject({ remain_quota: 970, used_quota: 30 });
      const settled = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          instance(i).report({ token_id: id, quota: 10, request_id: 'same' }),
        ),
      );
      expect(settled.filter((outcome) => outcome?.duplicate === false)).toEqual([
        expect.objectContaining({ held: 30, charged: 10 }),
      ]);
      expect(await handle.store.get(id)).toMatchObject({ remain_quota: 990, used_quota: 10 });
    });
  }
});
