/**
 * Fills a Tokendesk database with synthetic tokens, to try the dashboard and the service at scale:
 *   npm run seed -- --count 1000000 [--usage-days 30] [--audit-records N] [--data-dir DIR | --database-url postgres://…]
 * --usage-days adds that many days of hourly usage figures (seed-usage.ts), and --audit-records
 * that many audit records (seed-audit.ts), for the tokens with ids up to the highest; with
 * --count 0 they are added to a database already seeded.
 * Like the service, it fills the PostgreSQL database of DATABASE_URL when that is set, else the
 * SQLite database in DATA_DIR (else ./data); --data-dir or --database-url choose explicitly.
 * Keys are sealed with TOKENDESK_SECRET, required with PostgreSQL; without it SQLite uses the data
 * directory's secret file, as the service does.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_QUOTA_PER_UNIT } from '../src/contract/status';
import { NEVER, tokenListQuerySchema } from '../src/contract/token';
import { nextResetTime, type QuotaResetPeriod } from '../src/contract/quota-reset';
import { between, pick } from './seed-random';
import { regularIds, usageSums, type SeedRules } from './seed-usage';
import { auditRows } from './seed-audit';
import { parseSecret } from '../server/config';
import { generateTokenKey, nowInSeconds } from '../server/store/token-record';
import { openPostgresStore } from '../server/store/postgres/store';
import { openSqliteStore } from '../server/store/sqlite/store';
import type { TokenRecordInput } from '../server/store/ports/token-loading';
import type { TokenStore } from '../server/store/token-store';

/** Tokens made at a time: the progress is told after each batch. */
const BATCH = 50_000;
/** Eight indexes and the name search: a large page cache keeps their hot pages in memory. */
const CACHE_KIB = 256 * 1024;
const COUNT_MAX = 10_000_000;
const USAGE_DAYS_MAX = 366;
const AUDIT_RECORDS_MAX = 10_000_000;
/** A batch of 50,000 rows is one statement: longer than the service's requests may take. */
const SEED_STATEMENT_TIMEOUT_MS = 600_000;
const DAY = 86_400;

const TEAMS = ['Search', 'Billing', 'Support', 'Growth', 'Data', 'Mobile', 'Platform', 'Research'];
const PURPOSES = ['backend', 'batch job', 'notebook', 'CI runner', 'staging', 'eval harness'];
const PEOPLE = ['Alice', 'Bob', 'Chen Wei', 'Dana', 'Émile', 'Fatima', 'Giulia', 'Hiro'];
const CHINESE = ['生产环境', '测试环境', '数据分析', '客服机器人', '翻译服务'];
const MODEL_LISTS = ['', '', '', 'gpt-4o,gpt-4o-mini', 'claude-3-5-sonnet', 'gpt-4o-mini'];

async function main(): Promise<void> {
  const { count, usageDays, auditRecords, target, secret } = readArguments();
  const store: TokenStore =
    target.kind === 'postgres'
      ? await openPostgresStore({
          url: target.url,
          statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS,
          secret: secret!,
        })
      : openSqliteStore({ dataDir: target.dataDir, cacheKiB: CACHE_KIB, secret });
  const into = target.kind === 'postgres' ? withoutCredentials(target.url) : target.dataDir;
  const now = nowInSeconds();
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    if (count > 0) {
      await store.bulkInsert(batches(count, now), (done) => {
        console.log(
          `${done.toLocaleString('en')} / ${count.toLocaleString('en')} tokens (${elapsed()})`,
        );
        if (done === count) console.log('Building the indexes for search and ordering…');
      });
      console.log(`Inserted ${count.toLocaleString('en')} tokens into ${into} in ${elapsed()}`);
    }
    const newest = await store.list(tokenListQuerySchema.parse({ order: '-id', size: '1' }));
    const lastId = newest.items[0]?.id ?? 0;
    if (usageDays > 0) {
      if (lastId === 0) throw new Error('there are no tokens to add usage figures to');
      const regulars = await readRegulars(store, lastId);
      let rows = 0;
      // A day at a time, counted as it goes: the month is never whole in memory.
      function* days() {
        for (const day of usageSums(regulars, usageDays, now)) {
          rows += day.length;
          yield day;
        }
      }
      await store.addUsage(days());
      console.log(
        `Added ${usageDays} days of usage figures (${rows.toLocaleString('en')} hourly sums) in ${elapsed()}`,
      );
    }
    if (auditRecords > 0) {
      if (lastId === 0) throw new Error('there are no tokens to add audit records about');
      await store.addAudit(auditRows(auditRecords, lastId, now));
      console.log(`Added ${auditRecords.toLocaleString('en')} audit records in ${elapsed()}`);
    }
  } finally {
    await store.close();
  }
}

/** The tokens the usage figures are spread over, with the rules they must keep to. */
async function readRegulars(store: TokenStore, lastId: number): Promise<SeedRules[]> {
  const regulars: SeedRules[] = [];
  for (const id of regularIds(lastId)) {
    const token = await store.get(id);
    if (token) regulars.push(token);
  }
  return regulars;
}

function* batches(count: number, now: number): Generator<TokenRecordInput[]> {
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    yield Array.from({ length: size }, (_, i) => synthetic(done + i, now));
  }
}

type Target = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

function readArguments(): {
  count: number;
  usageDays: number;
  auditRecords: number;
  target: Target;
  secret: Buffer | undefined;
} {
  try {
    const { values } = parseArgs({
      options: {
        count: { type: 'string' },
        'usage-days': { type: 'string' },
        'audit-records': { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
      },
      strict: true,
    });
    const count = Number(values.count ?? 1000);
    if (!Number.isInteger(count) || count < 0 || count > COUNT_MAX) {
      throw new Error(`--count must be a whole number from 0 to ${COUNT_MAX}`);
    }
    const usageDays = Number(values['usage-days'] ?? 0);
    if (!Number.isInteger(usageDays) || usageDays < 0 || usageDays > USAGE_DAYS_MAX) {
      throw new Error(`--usage-days must be a whole number from 0 to ${USAGE_DAYS_MAX}`);
    }
    const auditRecords = Number(values['audit-records'] ?? 0);
    if (!Number.isInteger(auditRecords) || auditRecords < 0 || auditRecords > AUDIT_RECORDS_MAX) {
      throw new Error(`--audit-records must be a whole number from 0 to ${AUDIT_RECORDS_MAX}`);
    }
    if (count === 0 && usageDays === 0 && auditRecords === 0) {
      throw new Error('nothing to add: --count is 0');
    }
    if (values['data-dir'] !== undefined && values['database-url'] !== undefined) {
      throw new Error('give --data-dir or --database-url, not both');
    }
    const secret = parseSecret(process.env.TOKENDESK_SECRET);
    const url =
      values['database-url'] ??
      (values['data-dir'] === undefined ? process.env.DATABASE_URL || undefined : undefined);
    if (url !== undefined) {
      if (!/^postgres(ql)?:\/\//.test(url)) {
        throw new Error('--database-url (or DATABASE_URL) must be a postgres:// address');
      }
      if (!secret) {
        throw new Error(
          'TOKENDESK_SECRET is required with PostgreSQL: the one the service runs with, which seals the keys',
        );
      }
      return { count, usageDays, auditRecords, target: { kind: 'postgres', url }, secret };
    }
    const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
    return { count, usageDays, auditRecords, target: { kind: 'sqlite', dataDir }, secret };
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}\nusage: npm run seed -- --count 1000000 [--usage-days 30] [--audit-records N] [--data-dir DIR | --database-url postgres://…]`,
    );
    process.exit(2);
  }
}

/** The address to show: no user name or password. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

function syntheticName(index: number): string {
  const roll = Math.random();
  if (roll < 0.1) return `${pick(CHINESE)} ${index}`;
  if (roll < 0.4) return `${pick(PEOPLE)} – ${pick(PURPOSES)}`;
  return `${pick(TEAMS)} ${pick(PURPOSES)} ${index}`;
}

/**
 * When a token was last used: for most, in the last few days; for the rest, at some time since it
 * was made. Never after it expired.
 */
function lastUse(created: number, expired: number, now: number): number {
  const until = expired === NEVER ? now : Math.min(now, expired);
  return Math.random() < 0.6
    ? Math.max(created, until - between(0, 3 * DAY))
    : between(created, until);
}

/** A spread like a real gateway's: mostly enabled, some disabled, expired, exhausted, unlimited. */
function synthetic(index: number, now: number): TokenRecordInput {
  const unit = DEFAULT_QUOTA_PER_UNIT;
  const created = now - between(0, 730 * DAY);
  const expiryRoll = Math.random();
  const expired_time =
    expiryRoll < 0.5
      ? NEVER
      : expiryRoll < 0.65
        ? between(created, now)
        : now + between(DAY, 730 * DAY);
  const periodRoll = Math.random();
  const period: QuotaResetPeriod =
    periodRoll < 0.85
      ? 'none'
      : periodRoll < 0.93
        ? 'daily'
        : periodRoll < 0.97
          ? 'weekly'
          : 'monthly';
  return {
    name: syntheticName(index),
    key: generateTokenKey(),
    status: Math.random() < 0.9 ? 1 : 2,
    remain_quota: Math.random() < 0.05 ? 0 : between(unit / 2, 500 * unit),
    used_quota: between(0, 200 * unit),
    unlimited_quota: Math.random() < 0.15,
    expired_time,
    created_time: created,
    accessed_time: lastUse(created, expired_time, now),
    models: pick(MODEL_LISTS),
    subnet: Math.random() < 0.05 ? '10.0.0.0/8' : '',
    quota_reset_period: period,
    quota_reset_amount: period === 'none' ? 0 : between(unit, 50 * unit),
    next_reset_time: nextResetTime(period, now),
    rpm_limit: Math.random() < 0.05 ? between(10, 600) : 0,
  };
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
