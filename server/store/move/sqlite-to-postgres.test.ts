import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, newTestDatabaseUrl, snapshotStore } from '../../test-support';
import { moveSqliteToPostgres } from './sqlite-to-postgres';
import { openPostgresStore } from '../postgres/store';
import { openSqliteStore } from '../sqlite/store';
import { generateTokenKey } from '../token-record';
import { keyDigest } from '../key-seal';
import { auditQuerySchema } from '../../../src/contract/audit';
import { tokenCreateSchema } from '../../../src/contract/token';
import type { TokenRecordInput } from '../ports/token-loading';
import type { TokenStore } from '../token-store';
import type { UsageSum } from '../usage-meter';
import { TEST_SECRET_BYTES } from '../test-postgres';
import { recountPostgresSummary } from '../test-summary-recount';

const NOW = 1_800_000_000;
const COUNT = 10_000;
const NAMES = ['Alpha', 'ÄRGER', '生产环境', 'Quotes " \\ %_', 'ΟΔΟΣ', 'plain'];

function token(i: number): TokenRecordInput {
  return {
    name: `${NAMES[i % NAMES.length]} ${i}`,
    key: generateTokenKey(),
    status: i % 7 === 0 ? 2 : 1,
    remain_quota: i % 11 === 0 ? 0 : i * 1_000_003,
    used_quota: i % 500,
    unlimited_quota: i % 13 === 0,
    expired_time: i % 3 === 0 ? -1 : NOW - 5000 + i,
    created_time: NOW - i,
    accessed_time: NOW - (i % 1000),
    models: i % 5 === 0 ? 'gpt-4o,gpt-4o-mini' : '',
    subnet: i % 17 === 0 ? '10.0.0.0/8' : '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
  };
}

const dirs: string[] = [];
const stores: TokenStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const UPSTREAM_KEY = 'sk-proj-moved-upstream-key-0123456789';

const OWNER = { actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' as const }, ip: '192.0.2.1' };

async function sqliteWithTokens(): Promise<{
  dataDir: string;
  highestEver: number;
  supportKey: string;
}> {
  const dataDir = join(makeTempDir(), 'data');
  dirs.push(join(dataDir, '..'));
  const sqlite = openSqliteStore({ dataDir, now: () => NOW });
  await sqlite.bulkInsert([Array.from({ length: COUNT }, (_, i) => token(i))]);
  // Deleted ids, the newest among them, are never handed out again on either engine.
  const removed = await sqlite.removeMany([5, 77, COUNT]);
  expect(removed).toBe(3);
  await sqlite.setOption('QuotaPerUnit', '123456', OWNER);
  await sqlite.setOption('DisplayInCurrencyEnabled', 'false');
  // Admin keys (one revoked: its id is not handed out again) and audited changes by each.
  const support = await sqlite.createAdminKey({ name: 'Support', role: 'operator' }, OWNER);
  const gone = await sqlite.createAdminKey({ name: 'Gone', role: 'viewer' }, OWNER);
  await sqlite.revokeAdminKey(gone.id, OWNER);
  const byOperator = {
    actor: { id: support.id, name: 'Support', role: 'operator' as const },
    ip: '::1',
  };
  for (let id = 100; id < 160; id += 1) {
    await sqlite.update({ id, remain_quota: id * 7, name: `Topped ${id}` }, byOperator);
  }
  await sqlite.remove(200, OWNER);
  await sqlite.reveal(300, OWNER);
  // Models: the upstream key sealed with the data directory's secret, and a deleted id.
  const upstream = {
    upstream_url: 'https://api.example.com/v1',
    input_price: 0.15,
    output_price: 0.6,
    max_output_tokens: 4_096,
    stream_usage: true,
    enabled: true,
  };
  await sqlite.createModel({ ...upstream, name: 'gpt-4o-mini', upstream_key: UPSTREAM_KEY }, OWNER);
  const dropped = await sqlite.createModel({ ...upstream, name: 'dropped' }, OWNER);
  if (dropped.outcome === 'saved') await sqlite.removeModel(dropped.model.id, OWNER);
  // Ten days of figures for the first 50 tokens (12,000 hourly sums, copied in three batches),
  // and a usage report with a request_id.
  const sums: UsageSum[] = [];
  for (let hour = 0; hour < 240; hour += 1) {
    for (let id = 1; id <= 50; id += 1) {
      const time = NOW - (NOW % 3_600) - hour * 3_600;
      sums.push({
        token_id: id,
        hour: time,
        model: 'gpt-4o',
        code: id % 2 === 0 ? 'VALID' : 'USAGE',
        count: id,
        quota: hour,
        prompt_tokens: id % 2 === 0 ? 0 : hour * 3,
        completion_tokens: id % 2 === 0 ? 0 : hour,
      });
    }
  }
  await sqlite.addUsage([sums]);
  expect(await sqlite.report({ token_id: 1, quota: 5, request_id: 'moved-once' })).toMatchObject({
    charged: 5,
    duplicate: false,
  });
  // A hold not yet settled: its report after the move settles it.
  const held = await sqlite.verify({
    key: (await sqlite.reveal(4))!,
    cost: 10,
    request_id: 'held',
  });
  expect(held).toMatchObject({ code: 'VALID', held: 10 });
  await sqlite.close();
  return { dataDir, highestEver: COUNT, supportKey: support.key };
}

describe('moving from SQLite to PostgreSQL', () => {
  it(`copies ${COUNT.toLocaleString('en')} tokens (ids, whole keys, every field) and the options`, async () => {
    const { dataDir, highestEver, supportKey } = await sqliteWithTokens();
    const url = await newTestDatabaseUrl({ empty: true });
    const progress: number[] = [];
    const result = await moveSqliteToPostgres(dataDir, url, TEST_SECRET_BYTES, (copied) =>
      progress.push(copied),
    );
    expect(result).toMatchObject({
      tokens: COUNT - 4,
      options: 2,
      highestId: highestEver,
      adminKeys: 1,
      auditRecords: 69,
      models: 1,
    });
    expect(result.usageRows).toBeGreaterThan(1_000);
    expect(progress.at(-1)).toBe(COUNT - 4);

    const sqlite = openSqliteStore({ dataDir, now: () => NOW });
    const postgres = await openPostgresStore({ secret: TEST_SECRET_BYTES, url, now: () => NOW });
    stores.push(sqlite, postgres);
    expect(await snapshotStore(postgres)).toEqual(await snapshotStore(sqlite));
    // The whole audit, and the admin keys: the moved key still opens the service, and a new key
    // gets an id above the revoked one's.
    const everything = auditQuerySchema.parse({ size: '100' });
    for (const p of [1, 2]) {
      expect(await postgres.auditPage({ ...everything, p })).toEqual(
        await sqlite.auditPage({ ...everything, p }),
      );
    }
    expect(await postgres.identifyAdminKey(keyDigest(supportKey))).toMatchObject({
      name: 'Support',
      role: 'operator',
    });
    const another = await postgres.createAdminKey({ name: 'New', role: 'viewer' }, OWNER);
    expect(another.id).toBe(3);
    // The models, their upstream keys opened with PostgreSQL's secret; a new one after the
    // deleted id.
    expect(await postgres.models()).toEqual(await sqlite.models());
    expect((await postgres.gatewayModel('gpt-4o-mini'))?.model.upstream_key).toBe(UPSTREAM_KEY);
    const model = await postgres.createModel({
      name: 'new',
      upstream_url: 'http://127.0.0.1:1/v1',
      input_price: 0,
      output_price: 0,
      max_output_tokens: 1,
      stream_usage: false,
      enabled: true,
    });
    expect(model).toMatchObject({ model: { id: 3 } });
    // Search and the summary find the same tokens on both.
    for (const keyword of ['ärger', 'ος', '" \\ %', '生产', 'a 1']) {
      const query = { p: 1, size: 100, keyword, token: '', order: 'name' as const };
      expect(await postgres.list(query)).toEqual(await sqlite.list(query));
    }
    // The summary too, and its kept counts are what a pass over the moved tokens says.
    const summary = await postgres.summary({ keyword: '', token: '' });
    expect(summary).toEqual(await sqlite.summary({ keyword: '', token: '' }));
    expect(summary).toEqual(await recountPostgresSummary(url, NOW));
    expect(summary.disabled * summary.expired * summary.exhausted).toBeGreaterThan(0);
    const next = await postgres.create({
      name: 'First on PostgreSQL',
      remain_quota: 1,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    expect(next.id).toBeGreaterThan(highestEver);
    // The usage figures moved too, by the hour and by the day, with the top tokens; and a report
    // sent again after the move still counts once.
    for (const range of [
      { from: NOW - 3 * 86_400, to: NOW, bucket: 'hour' as const },
      { from: NOW - (NOW % 86_400) - 20 * 86_400, to: NOW, bucket: 'day' as const },
    ]) {
      expect(await postgres.usage(range)).toEqual(await sqlite.usage(range));
      expect(await postgres.usage(range, 7)).toEqual(await sqlite.usage(range, 7));
    }
    expect(
      await postgres.report({ token_id: 1, quota: 5, request_id: 'moved-once' }),
    ).toMatchObject({
      charged: 0,
      duplicate: true,
    });
    expect(await postgres.report({ token_id: 4, quota: 4, request_id: 'held' })).toMatchObject({
      held: 10,
      duplicate: false,
    });
  }, 60_000);

  it('copies the webhook endpoints, their events, deliveries and attempts, secrets sealed again', async () => {
    const dataDir = join(makeTempDir(), 'data');
    dirs.push(join(dataDir, '..'));
    const sqlite = openSqliteStore({ dataDir, now: () => NOW });
    const hook = await sqlite.createWebhook(
      {
        url: 'https://hooks.example.com/in',
        events: ['*'],
        description: 'Moved',
        format: 'standard',
        enabled: true,
      },
      OWNER,
    );
    const rotated = (await sqlite.rotateWebhookSecret(hook.id, OWNER))!;
    const created = await sqlite.create(tokenCreateSchema.parse({ name: 'Watched' }), OWNER);
    await sqlite.update({ id: created.id, name: 'Watched still' }, OWNER);
    const [first] = await sqlite.claimDeliveries(NOW + 60, 1);
    await sqlite.recordAttempts([
      {
        delivery_id: first!.delivery_id,
        endpoint_id: hook.id,
        time: NOW,
        status_code: 503,
        error: null,
        duration_ms: 9,
        answer: 'later',
      },
    ]);
    const before = {
      webhooks: await sqlite.webhooks(),
      events: await sqlite.tokenEvents(created.id),
      deliveries: await sqlite.deliveries(hook.id, { size: 10 }),
    };
    await sqlite.close();

    const url = await newTestDatabaseUrl({ empty: true });
    await moveSqliteToPostgres(dataDir, url, TEST_SECRET_BYTES);
    const postgres = await openPostgresStore({ secret: TEST_SECRET_BYTES, url, now: () => NOW });
    stores.push(postgres);
    expect({
      webhooks: await postgres.webhooks(),
      events: await postgres.tokenEvents(created.id),
      deliveries: await postgres.deliveries(hook.id, { size: 10 }),
    }).toEqual(before);
    const jobs = await postgres.claimDeliveries(NOW + 3_600, 10);
    expect(jobs.map((job) => job.event.type).sort()).toEqual(['token.created', 'token.updated']);
    // The secret the rotation replaced still signs beside the new one, for the same 24 hours.
    for (const job of jobs) {
      expect(job.secret).toBe(rotated.secret);
      expect(job.previous).toEqual({ secret: hook.secret, valid_until: NOW + 86_400 });
    }
  });

  it('refuses a target that holds tokens, options or usage figures, changing nothing', async () => {
    const { dataDir } = await sqliteWithTokens();
    const url = await newTestDatabaseUrl({ empty: true });
    const postgres = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    stores.push(postgres);
    await postgres.setOption('QuotaPerUnit', '5');
    await expect(moveSqliteToPostgres(dataDir, url, TEST_SECRET_BYTES)).rejects.toThrow(
      'the PostgreSQL database already holds 0 tokens and 1 options: move into an empty one',
    );
    expect((await snapshotStore(postgres)).tokens).toEqual([]);
    // A database a service answered verifies on holds their figures, even without a token.
    const answered = await newTestDatabaseUrl({ empty: true });
    const gateway = await openPostgresStore({ secret: TEST_SECRET_BYTES, url: answered });
    stores.push(gateway);
    expect((await gateway.verify({ key: 'sk-unknown', cost: 0 })).code).toBe('NOT_FOUND');
    await gateway.flushUsage();
    await expect(moveSqliteToPostgres(dataDir, answered, TEST_SECRET_BYTES)).rejects.toThrow(
      'the PostgreSQL database already holds usage figures',
    );
    expect((await snapshotStore(gateway)).tokens).toEqual([]);
    await expect(
      moveSqliteToPostgres(join(dataDir, 'missing'), url, TEST_SECRET_BYTES),
    ).rejects.toThrow('there is no Tokendesk database at');
  });
});
