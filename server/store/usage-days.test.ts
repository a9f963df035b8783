/**
 * The usage figures read through the daily sums and the top tokens' search give exactly what
 * summing every hourly figure gives, whatever the range: whole days, partial days, a range ending
 * in the past with figures after it, ties and deleted tokens among the busiest.
 */
import { POSTGRES_WEBHOOKS_UNDONE } from './test-webhooks-undone';
import { BEFORE_DAILY_SUMS, undoSqliteMigrationsAfter } from './test-sqlite-undone';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenCreateSchema, tokenListQuerySchema } from '../../src/contract/token';
import { usageRange, USAGE_BUCKETS, type UsageQuery } from '../../src/contract/usage';
import { openTestStore, testEngine, type TestStore } from '../test-support';
import { PG_MIGRATIONS } from './postgres/migrations';
import { USAGE_DAYS } from './postgres/usage-schema';
import { DATABASE_FILE } from './sqlite/database';
import { connectForTests } from './test-postgres';
import { newTokenRecord } from './token-record';
import { assembleFigures, type FigureRow, type TopToken } from './usage-figures';
import type { MeteredCode, UsageSum } from './usage-meter';

const HOUR = 3_600;
const DAY = 86_400;
/** Mid-afternoon (UTC) of a day: today's figures stop at the current hour. */
const NOW = 1_800_000_000 - (1_800_000_000 % DAY) + 15 * HOUR + 1_234;
const TOKENS = 400;
const MODELS = ['gpt-4o', 'claude', ''];
const CODES: MeteredCode[] = [
  'VALID',
  'VALID',
  'VALID',
  'USAGE',
  'EXHAUSTED',
  'RATE_LIMITED',
  'UNSETTLED',
];

/** The same figures every run: a small linear congruential generator. */
function generator(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * below);
  };
}

const sumOf = (
  token_id: number,
  hour: number,
  model: string,
  code: MeteredCode,
  count: number,
  quota: number,
): UsageSum => ({
  token_id,
  hour,
  model,
  code,
  count,
  quota,
  prompt_tokens: 0,
  completion_tokens: 0,
});

/** 40 days of hourly sums, up to the current hour: a few tokens far busier than the rest. */
function pastSums(): UsageSum[] {
  const random = generator(7);
  const sums = new Map<string, UsageSum>();
  const thisHour = NOW - (NOW % HOUR);
  for (let i = 0; i < 30_000; i += 1) {
    const rank = random(1_000) / 1_000;
    const token_id = random(50) === 0 ? 0 : 1 + Math.floor(TOKENS * rank * rank * rank);
    const hour = thisHour - random(40 * 24) * HOUR;
    const model = MODELS[random(MODELS.length)]!;
    const code = token_id === 0 ? 'NOT_FOUND' : CODES[random(CODES.length)]!;
    const charged = code === 'VALID' || code === 'USAGE';
    const quota = charged ? random(5) * 1_000 : 0;
    const key = `${token_id}/${hour}/${model}/${code}`;
    const sum = sums.get(key) ?? { ...sumOf(token_id, hour, model, code, 0, 0) };
    sum.count += 1;
    sum.quota += quota;
    // Reports say how many tokens their requests took.
    if (code === 'USAGE') {
      sum.prompt_tokens += random(4) * 100;
      sum.completion_tokens += random(4) * 30;
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** The figures summed from every hourly sum, as the answer must be. */
function expected(
  sums: readonly UsageSum[],
  names: ReadonlyMap<number, string>,
  query: UsageQuery,
  tokenId?: number,
) {
  const range = usageRange(query, NOW);
  if (typeof range === 'string') throw new Error(range);
  const size = USAGE_BUCKETS[range.bucket];
  const inRange = sums.filter(
    (sum) =>
      sum.hour >= range.from &&
      sum.hour < range.to &&
      (tokenId === undefined || sum.token_id === tokenId),
  );
  const rows: FigureRow[] = inRange.map((sum) => ({
    ...sum,
    bucket: sum.hour - (sum.hour % size),
  }));
  if (tokenId !== undefined) return assembleFigures(range, rows, tokenId);
  const byToken = new Map<number, TopToken>();
  for (const sum of inRange) {
    const name = names.get(sum.token_id);
    if (name === undefined) continue;
    const top = byToken.get(sum.token_id) ?? {
      token_id: sum.token_id,
      name,
      requests: 0,
      quota: 0,
    };
    top.quota += sum.quota;
    if (sum.code === 'VALID') top.requests += sum.count;
    byToken.set(sum.token_id, top);
  }
  const top = [...byToken.values()]
    .sort((a, b) => b.quota - a.quota || b.requests - a.requests || a.token_id - b.token_id)
    .slice(0, 10);
  return assembleFigures(range, rows, undefined, top);
}

const QUERIES: Record<string, UsageQuery> = {
  'the last 30 days by day': { from: NOW - 30 * DAY, to: NOW, bucket: 'day' },
  'the last 90 days by day (default bucket)': { from: NOW - 90 * DAY },
  'the last 72 hours by the hour': { from: NOW - 72 * HOUR },
  'ten days ending in the past at 09:30, figures after it': {
    from: NOW - 20 * DAY,
    to: NOW - 10 * DAY - 15 * HOUR + 9.5 * HOUR,
    bucket: 'day',
  },
  'by the hour from a past afternoon to a past morning': {
    from: NOW - 5 * DAY + 2 * HOUR,
    to: NOW - 2 * DAY - 5 * HOUR,
    bucket: 'hour',
  },
  'part of one past day': { from: NOW - 3 * DAY - 4 * HOUR, to: NOW - 3 * DAY, bucket: 'hour' },
  'a range with no figures at all': { from: NOW - 400 * DAY, to: NOW - 300 * DAY },
};

const engine = testEngine();
let handle: TestStore;
let sums: UsageSum[];
let names: Map<number, string>;

beforeEach(async () => {
  handle = openTestStore({ clock: () => NOW, engine });
  const records = Array.from({ length: TOKENS }, (_, i) =>
    newTokenRecord(tokenCreateSchema.parse({ name: `Token ${i + 1}` }), NOW - 100 * DAY),
  );
  await handle.store.insertMany(records);
  names = new Map(records.map((record, i) => [i + 1, record.name]));
  sums = pastSums();
  await handle.store.addUsage([sums]);
});

afterEach(async () => {
  await handle.dispose();
});

const read = (query: UsageQuery, tokenId?: number) => {
  const range = usageRange(query, NOW);
  if (typeof range === 'string') throw new Error(range);
  return handle.store.usage(range, tokenId);
};

describe('usage figures by the day', () => {
  it('answer as a sum of every hourly figure would, for all tokens and for one', async () => {
    for (const [label, query] of Object.entries(QUERIES)) {
      expect(await read(query), label).toEqual(expected(sums, names, query));
      for (const id of [1, 2, 77, TOKENS]) {
        expect(await read(query, id), `${label}, token ${id}`).toEqual(
          expected(sums, names, query, id),
        );
      }
    }
  });

  it('rank the top tokens without deleted ones, ties broken by requests', async () => {
    const month = QUERIES['the last 30 days by day']!;
    const before = (await read(month))!.top_tokens!;
    expect(before).toHaveLength(10);
    // The two busiest go; the eleventh and twelfth move up.
    await handle.store.removeMany([before[0]!.token_id, before[1]!.token_id]);
    names.delete(before[0]!.token_id);
    names.delete(before[1]!.token_id);
    // Two new tokens come level with the new tenth, one of them with more requests.
    const after = expected(sums, names, month).top_tokens!;
    const tenth = after[9]!;
    const hour = NOW - (NOW % HOUR) - 2 * DAY;
    const level: UsageSum[] = [0, 1].map((i) =>
      sumOf(0, hour, 'gpt-4o', 'VALID', tenth.requests + (i === 0 ? 1 : 0), tenth.quota),
    );
    for (const [i, sum] of level.entries()) {
      const record = newTokenRecord(tokenCreateSchema.parse({ name: `Level ${i}` }), NOW);
      await handle.store.insertMany([record]);
      const page = await handle.store.list(tokenListQuerySchema.parse({ keyword: record.name }));
      sum.token_id = page.items[0]!.id;
      names.set(sum.token_id, record.name);
    }
    sums.push(...level);
    await handle.store.addUsage([level]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
    expect(answer.map((top) => top.name)).toContain('Level 0');
  });

  it("find a steady token that is never among any day's busiest", async () => {
    // Before the random figures: each day some 40 tokens spend 10,000 units, each on three days
    // of the month, and token 1 spends 5,000 every day, so it leads the month.
    const start = NOW - (NOW % DAY) - 100 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let day = 0; day < 30; day += 1) {
      const hour = start + day * DAY + 12 * HOUR;
      added.push(sumOf(1, hour, '', 'VALID', 1, 5_000));
    }
    for (let id = 2; id <= TOKENS; id += 1) {
      for (let k = 0; k < 3; k += 1) {
        const hour = start + ((id * 7 + k * 10) % 30) * DAY + 12 * HOUR;
        added.push(sumOf(id, hour, '', 'VALID', 1, 10_000 + id));
      }
    }
    sums.push(...added);
    await handle.store.addUsage([added]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer[0]).toEqual({ token_id: 1, name: 'Token 1', requests: 30, quota: 150_000 });
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
  });

  it('rank a month where every token spends alike amounts on days of its own', async () => {
    const random = generator(11);
    const start = NOW - (NOW % DAY) - 150 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let id = 1; id <= TOKENS; id += 1) {
      for (let k = 0; k < 8; k += 1) {
        const hour = start + random(30) * DAY + random(24) * HOUR;
        added.push(sumOf(id, hour, 'gpt-4o', 'VALID', 1 + random(3), 9_000 + random(2_000)));
      }
    }
    sums.push(...added);
    await handle.store.addUsage([added]);
    expect(await read(month)).toEqual(expected(sums, names, month));
  });

  it('find steady tokens behind the bursts that lead each day', async () => {
    // Tokens 1 to 10 spend 1,000 every day; two others a day spend 28,000 once; 25 more spend
    // 900 every day. Every day's ranking is longer than the first read of it.
    const start = NOW - (NOW % DAY) - 250 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let day = 0; day < 30; day += 1) {
      const hour = start + day * DAY + 12 * HOUR;
      for (let id = 1; id <= 10; id += 1) added.push(sumOf(id, hour, '', 'VALID', 1, 1_000));
      for (const id of [11 + 2 * day, 12 + 2 * day]) {
        added.push(sumOf(id, hour, '', 'VALID', 1, 28_000));
      }
      for (let id = 71; id <= 95; id += 1) added.push(sumOf(id, hour, '', 'VALID', 1, 900));
    }
    sums.push(...added);
    await handle.store.addUsage([added]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer.map((top) => top.token_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
  });

  it('find a token with no figures on a day that refunds left below nothing', async () => {
    // A day of refunds only (holds of the day before settled for less), then a day where token 1
    // spends a little less than 32 others: it leads the month, as it had no refund.
    const start = NOW - (NOW % DAY) - 200 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let id = 2; id <= 34; id += 1) {
      added.push(sumOf(id, start + 12 * HOUR, 'gpt-4o', 'USAGE', 1, -100));
      if (id <= 33)
        added.push(sumOf(id, start + DAY + 12 * HOUR, 'gpt-4o', 'VALID', 1, 1_000 + id));
    }
    added.push(sumOf(1, start + DAY + 12 * HOUR, 'gpt-4o', 'VALID', 1, 990));
    sums.push(...added);
    await handle.store.addUsage([added]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer[0]).toEqual({ token_id: 1, name: 'Token 1', requests: 1, quota: 990 });
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
  });

  it('rank by requests where no token spends anything, as a gateway of free checks has it', async () => {
    const start = NOW - (NOW % DAY) - 300 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let day = 0; day < 30; day += 1) {
      for (let id = 1; id <= TOKENS; id += 1) {
        const hour = start + day * DAY + (id % 24) * HOUR;
        const count = Math.floor(1_000 / id);
        if (count > 0) added.push(sumOf(id, hour, '', 'VALID', count, 0));
      }
    }
    sums.push(...added);
    await handle.store.addUsage([added]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer.map((top) => top.token_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
  });

  it('sum every figure in the database when thousands of tokens spend alike each day', async () => {
    // More tokens level on each day than the rankings are read for: ties to the last.
    const many = Array.from({ length: 2_100 }, (_, i) =>
      newTokenRecord(tokenCreateSchema.parse({ name: `Alike ${i}` }), NOW - 400 * DAY),
    );
    await handle.store.insertMany(many);
    for (const [i, record] of many.entries()) names.set(TOKENS + 1 + i, record.name);
    const start = NOW - (NOW % DAY) - 200 * DAY;
    const month = { from: start, to: start + 30 * DAY, bucket: 'day' } as const;
    const added: UsageSum[] = [];
    for (let day = 0; day < 30; day += 1) {
      for (let id = TOKENS + 1; id <= TOKENS + many.length; id += 1) {
        const hour = start + day * DAY;
        added.push(sumOf(id, hour, 'gpt-4o', 'VALID', 2, 700));
      }
    }
    sums.push(...added);
    await handle.store.addUsage([added]);
    const answer = (await read(month))!.top_tokens!;
    expect(answer.map((top) => top.token_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => TOKENS + 1 + i),
    );
    expect(answer).toEqual(expected(sums, names, month).top_tokens);
  });

  it('are filled from the hourly figures when a database of an earlier version is opened', async () => {
    const before = await read(QUERIES['the last 30 days by day']!);
    // Back to the schema before the daily sums, the hourly ones kept: the daily sums' tables
    // and what the migrations after them made (admin keys, the audit, the summary's counts,
    // models, holds, the token counts, which that version did not have, verify's function on
    // PostgreSQL, and webhooks) are undone.
    if (engine === 'sqlite') {
      const db = new Database(join(handle.dataDir, DATABASE_FILE));
      undoSqliteMigrationsAfter(db, BEFORE_DAILY_SUMS);
      db.close();
    } else {
      // The daily sums' migration and the later ones (an index among them) undone.
      const drop = [
        'usage_days',
        'usage_total_days',
        'usage_token_days',
        'admin_keys',
        'audit',
        'models',
        'usage_holds',
      ]
        .map((table) => `DROP TABLE ${table};`)
        .join(' ');
      const noTokens = ['usage_hours', 'usage_totals']
        .flatMap((table) =>
          ['prompt_tokens', 'completion_tokens'].map(
            (column) => `ALTER TABLE ${table} DROP COLUMN ${column};`,
          ),
        )
        .join(' ');
      const tallies = ['disabled', 'unlimited', 'quota_left', 'out_of_quota'];
      const version = PG_MIGRATIONS.indexOf(USAGE_DAYS) + 1;
      await connectForTests((await handle.databaseUrl())!, (client) =>
        client.query(
          `${POSTGRES_WEBHOOKS_UNDONE}; DROP FUNCTION verify_key; ${drop} ${noTokens}
          DROP INDEX tokens_by_id_with_name;
          ALTER TABLE token_count ${tallies.map((column) => `DROP COLUMN ${column}`).join(', ')};
          DELETE FROM schema_migrations WHERE version >= ${version}`,
        ),
      );
    }
    await handle.reopen();
    // The same figures, but the tokens that version did not keep.
    const untold = { prompt_tokens: 0, completion_tokens: 0 };
    expect(await read(QUERIES['the last 30 days by day']!)).toEqual({
      ...before,
      series: before!.series.map((point) => ({ ...point, ...untold })),
      by_model: before!.by_model.map((model) => ({ ...model, ...untold })),
      totals: { ...before!.totals, ...untold },
    });
  });
});
