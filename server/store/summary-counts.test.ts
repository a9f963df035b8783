/**
 * The summary of every token comes from counts kept with each write and a count of what the
 * clock has expired: whatever writes the tokens, it must say what a pass over them would.
 */
import { undoSqliteMigrationsAfter } from './test-sqlite-undone';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  tokenCreateSchema,
  tokenListQuerySchema,
  type Token,
  type TokenCreate,
} from '../../src/contract/token';
import type { TokenSummary } from '../../src/contract/token-page';
import { usageReportSchema } from '../../src/contract/usage';
import { tokenVerifySchema } from '../../src/contract/verify';
import { makeTempDir, openTestStore, testEngine, type TestStore } from '../test-support';
import { openPostgresStore } from './postgres/store';
import { DATABASE_FILE } from './sqlite/database';
import { SQLITE_MIGRATIONS } from './sqlite/schema';
import { TOKEN_TALLIES } from './sqlite/token-tallies';
import { openSqliteStore } from './sqlite/store';
import { TEST_SECRET_BYTES } from './test-postgres';
import { generateTokenKey } from './token-record';
import type { TokenRecordInput } from './ports/token-loading';
import type { TokenStore } from './token-store';

const engine = testEngine();
const NOW = 1_800_000_000;
const DAY = 86_400;
const EVERY_TOKEN = { keyword: '', token: '' };
let clock = NOW;
let dataDir: string;
let handle: TestStore;
let store: TokenStore;

beforeEach(() => {
  clock = NOW;
  dataDir = join(makeTempDir(), 'data');
  handle = openTestStore({ clock: () => clock, dataDir });
  store = handle.store;
});
afterEach(async () => {
  await handle.dispose();
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
});

/** The summary as a pass over every token would make it: each one's status as the list shows it. */
async function recount(from: TokenStore = store): Promise<TokenSummary> {
  const tokens: Token[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await from.list(tokenListQuerySchema.parse({ p: page, size: 100 }));
    tokens.push(...items);
    if (items.length < 100) break;
  }
  const withStatus = (status: number) => tokens.filter((token) => token.status === status).length;
  return {
    total: tokens.length,
    enabled: withStatus(1),
    disabled: withStatus(2),
    expired: withStatus(3),
    exhausted: withStatus(4),
    unlimited: tokens.filter((token) => token.unlimited_quota).length,
    remain_quota: tokens
      .filter((token) => !token.unlimited_quota)
      .reduce((sum, token) => sum + token.remain_quota, 0),
  };
}

/** Asserts the summary is the recount, and returns it. */
async function summaryMatchesRecount(from: TokenStore = store): Promise<TokenSummary> {
  const summary = await from.summary(EVERY_TOKEN);
  expect(summary).toEqual(await recount(from));
  return summary;
}

const create = (fields: Partial<TokenCreate>) =>
  store.create(tokenCreateSchema.parse({ name: 'Counted', remain_quota: 100, ...fields }));

function record(overrides: Partial<TokenRecordInput>): TokenRecordInput {
  return {
    name: 'Loaded',
    key: generateTokenKey(),
    status: 1,
    remain_quota: 10,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: -1,
    created_time: NOW - DAY,
    accessed_time: NOW - DAY,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    ...overrides,
  };
}

/** One token of each kind the summary tells apart, as records to load. */
const everyKind = (): TokenRecordInput[] => [
  record({ remain_quota: 40 }),
  record({ status: 2, remain_quota: 7 }),
  record({ expired_time: NOW - DAY, remain_quota: 5 }),
  record({ expired_time: NOW - DAY, remain_quota: 0 }),
  record({ remain_quota: 0 }),
  record({ status: 2, remain_quota: 0, expired_time: NOW - DAY }),
  record({ unlimited_quota: true, remain_quota: 1000 }),
  record({ unlimited_quota: true, remain_quota: 0, expired_time: NOW + DAY }),
];

describe('the summary of every token', () => {
  it('is what a pass over the tokens says after creates, updates, switches and deletes', async () => {
    expect(await summaryMatchesRecount()).toMatchObject({ total: 0, remain_quota: 0 });
    const limited = await create({ remain_quota: 100 });
    const unlimited = await create({ unlimited_quota: true, remain_quota: 50 });
    const empty = await create({ remain_quota: 0 });
    const expiring = await create({ expired_time: NOW + DAY });
    expect(await summaryMatchesRecount()).toEqual({
      total: 4,
      enabled: 3,
      disabled: 0,
      expired: 0,
      exhausted: 1,
      unlimited: 1,
      remain_quota: 200,
    });

    await store.update({ id: limited.id, remain_quota: 0 });
    await store.update({ id: empty.id, remain_quota: 30 });
    await store.update({ id: unlimited.id, unlimited_quota: false });
    await store.update({ id: expiring.id, status: 2 });
    expect(await summaryMatchesRecount()).toMatchObject({
      disabled: 1,
      exhausted: 1,
      unlimited: 0,
      remain_quota: 180,
    });
    await store.update({ id: expiring.id, status: 1 });
    await store.update({ id: expiring.id, expired_time: NOW - 1 });
    await store.update({ id: limited.id, unlimited_quota: true });
    expect(await summaryMatchesRecount()).toMatchObject({ expired: 1, exhausted: 0 });

    await store.insertMany(everyKind());
    await store.bulkInsert([everyKind(), everyKind()]);
    expect(await summaryMatchesRecount()).toMatchObject({ total: 28, expired: 7 });

    expect(await store.remove(limited.id)).toBe(true);
    const ids = (await store.list(tokenListQuerySchema.parse({ size: 100 }))).items.map(
      (token) => token.id,
    );
    expect(await store.removeMany(ids.filter((_, index) => index % 3 === 0))).toBeGreaterThan(5);
    await summaryMatchesRecount();
    expect(await store.removeMany(ids)).toBeGreaterThan(10);
    expect(await summaryMatchesRecount()).toMatchObject({ total: 0, remain_quota: 0 });
  });

  it('is what a pass over the tokens says after charges, usage reports and refills', async () => {
    const limited = await create({ remain_quota: 10 });
    const unlimited = await create({ unlimited_quota: true, remain_quota: 5 });
    const refilled = await create({
      remain_quota: 3,
      quota_reset_period: 'daily',
      quota_reset_amount: 20,
    });
    const charge = (token: Token, cost: number) =>
      store.verify(tokenVerifySchema.parse({ key: token.key, cost }));

    expect((await charge(limited, 4)).valid).toBe(true);
    expect((await charge(unlimited, 4)).valid).toBe(true);
    expect((await charge(refilled, 3)).valid).toBe(true);
    expect(await summaryMatchesRecount()).toMatchObject({ exhausted: 1, remain_quota: 6 });

    // A report's cost is owed even past what is left: the units left stop at 0.
    await store.report(usageReportSchema.parse({ token_id: limited.id, quota: 50 }));
    await store.report(usageReportSchema.parse({ key: unlimited.key, quota: 50 }));
    expect(await summaryMatchesRecount()).toMatchObject({ exhausted: 2, remain_quota: 0 });

    // The next day's refill is written by the first read after it falls due.
    clock = NOW + 2 * DAY;
    expect(await summaryMatchesRecount()).toMatchObject({ exhausted: 1, remain_quota: 20 });
    expect((await charge(refilled, 20)).valid).toBe(true);
    expect(await summaryMatchesRecount()).toMatchObject({ exhausted: 2, remain_quota: 0 });
  });

  it('counts a token as expired once the clock passes its expiry, with no write', async () => {
    await create({ remain_quota: 10, expired_time: NOW + 60 });
    await create({ remain_quota: 0, expired_time: NOW + 60 });
    await create({ unlimited_quota: true, expired_time: NOW + 120 });
    await create({ remain_quota: 10, expired_time: -1 });
    expect(await summaryMatchesRecount()).toMatchObject({ enabled: 3, exhausted: 1, expired: 0 });
    clock = NOW + 60;
    expect(await summaryMatchesRecount()).toMatchObject({ enabled: 2, exhausted: 0, expired: 2 });
    clock = NOW + 120;
    expect(await summaryMatchesRecount()).toMatchObject({ enabled: 1, exhausted: 0, expired: 3 });
  });

  it('is what a pass over the tokens says while two instances write at once', async () => {
    const url = await handle.databaseUrl();
    const other = url
      ? await openPostgresStore({ secret: TEST_SECRET_BYTES, url, now: () => clock })
      : openSqliteStore({ dataDir, now: () => clock });
    try {
      const writesOf = async (writer: TokenStore, round: number) => {
        const made = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            writer.create(
              tokenCreateSchema.parse({
                name: `Writer ${round} ${i}`,
                remain_quota: i % 4 === 0 ? 0 : 5,
                unlimited_quota: i % 5 === 0,
                expired_time: i % 3 === 0 ? NOW - 1 : -1,
              }),
            ),
          ),
        );
        await Promise.all([
          ...made.map((token) =>
            writer.verify(tokenVerifySchema.parse({ key: token.key, cost: 5 })),
          ),
          ...made.slice(0, 4).map((token) => writer.update({ id: token.id, status: 2 })),
          writer.removeMany(made.slice(8).map((token) => token.id)),
        ]);
      };
      await Promise.all([writesOf(store, 1), writesOf(other, 2), writesOf(store, 3)]);
      const summary = await summaryMatchesRecount();
      expect(summary.total).toBe(24);
      expect(await other.summary(EVERY_TOKEN)).toEqual(summary);
    } finally {
      await other.close();
    }
  });

  it('with a filter, counts only the matches', async () => {
    await store.insertMany(everyKind());
    const named = await create({ name: 'Filtered one', remain_quota: 0 });
    expect(await store.summary({ keyword: 'filtered', token: '' })).toEqual({
      total: 1,
      enabled: 0,
      disabled: 0,
      expired: 0,
      exhausted: 1,
      unlimited: 0,
      remain_quota: 0,
    });
    expect(await store.summary({ keyword: '', token: named.key })).toMatchObject({ total: 1 });
    expect((await store.summary({ keyword: 'loaded', token: '' })).total).toBe(8);
  });
});

/** The version that began to keep the counts. */
const TALLIES_VERSION = SQLITE_MIGRATIONS.indexOf(TOKEN_TALLIES) + 1;

describe.runIf(engine === 'sqlite')(
  'the summary of a database from before its counts were kept',
  () => {
    it('is what a pass over the tokens says once migrated', async () => {
      await store.insertMany(everyKind());
      const expected = await recount();
      await store.close();
      // Back to the version before: the counts and what keeps them gone.
      const db = new Database(join(dataDir, DATABASE_FILE));
      undoSqliteMigrationsAfter(db, TALLIES_VERSION - 1);
      db.close();
      handle.store = openSqliteStore({ dataDir, now: () => clock });
      store = handle.store;
      expect(await summaryMatchesRecount()).toEqual(expected);
      expect(expected).toMatchObject({ total: 8, disabled: 2, expired: 2, exhausted: 1 });
    });
  },
);
