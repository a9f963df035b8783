import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../../src/contract/audit';
import { maskKey, tokenListQuerySchema, type TokenListQueryInput } from '../../src/contract/token';
import { TOTAL_CAP, type TokenPage } from '../../src/contract/token-page';
import { makeTempDir, openTestStore, testEngine, type TestStore } from '../test-support';
import { checkDatabaseFile } from './sqlite/file-check';
import { FEW_MATCHES } from './sqlite/list-query';
import { SCHEMA_VERSION, SQLITE_MIGRATIONS } from './sqlite/schema';
import { DATABASE_FILE } from './sqlite/database';
import { OTHERS_SEEN_WITHIN_MS } from './sqlite/tokens-state';
import { openPostgresStore } from './postgres/store';
import { openSqliteStore } from './sqlite/store';
import { returnedStatus } from '../../src/contract/token-status';
import { generateTokenKey, toToken } from './token-record';
import type { TokenRecordInput } from './ports/token-loading';
import type { TokenStore } from './token-store';
import { TEST_SECRET_BYTES } from './test-postgres';

/** The tests of every engine; those of one engine's own files say so. */
const engine = testEngine();
let dataDir: string;
let handle: TestStore;
let store: TokenStore;
const NOW = 1_800_000_000;
/** The store's clock: NOW, unless a test moves it. */
let clock = NOW;

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

const query = (input: TokenListQueryInput = {}) => tokenListQuerySchema.parse(input);

/**
 * Switches a token off from elsewhere: another connection to the SQLite file, as another process
 * would, or another instance on the PostgreSQL database.
 */
async function disableElsewhere(id: number): Promise<void> {
  if (engine === 'sqlite') {
    const other = new Database(join(dataDir, DATABASE_FILE));
    try {
      other.prepare('UPDATE tokens SET status = 2 WHERE id = ?').run(id);
    } finally {
      other.close();
    }
    return;
  }
  const other = await openPostgresStore({
    secret: TEST_SECRET_BYTES,
    url: (await handle.databaseUrl())!,
  });
  try {
    await other.update({ id, status: 2 });
  } finally {
    await other.close();
  }
}

function record(overrides: Partial<TokenRecordInput> = {}): TokenRecordInput {
  return {
    name: 'Record',
    key: generateTokenKey(),
    status: 1,
    remain_quota: 10,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: -1,
    created_time: NOW - 100,
    accessed_time: NOW - 100,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    ...overrides,
  };
}

describe.runIf(engine === 'sqlite')('SQLite files', () => {
  it('creates the data directory, and the database readable by its owner only', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('uses WAL, records the schema version and has FTS5 with the trigram tokenizer', () => {
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const sql = db
        .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'token_names'")
        .get();
      expect(sql?.sql).toContain("tokenize = 'trigram case_sensitive 0'");
    } finally {
      db.close();
    }
  });

  it('refuses a database from a newer Tokendesk, naming the versions', async () => {
    await store.close();
    const setVersion = (version: number) => {
      const db = new Database(join(dataDir, DATABASE_FILE));
      db.pragma(`user_version = ${version}`);
      db.close();
    };
    setVersion(SCHEMA_VERSION + 1);
    expect(() => openSqliteStore({ dataDir })).toThrow(
      `the database has schema version ${SCHEMA_VERSION + 1}, newer than this Tokendesk knows (${SCHEMA_VERSION})`,
    );
    setVersion(SCHEMA_VERSION);
    store = handle.store = openSqliteStore({ dataDir });
  });
});

describe.runIf(engine === 'sqlite')('SQLite schema versions', () => {
  const recorded = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db
        .prepare<[], { version: number; recorded: number }>(
          'SELECT version, applied_at IS NOT NULL AS recorded FROM schema_migrations ORDER BY version',
        )
        .all();
    } finally {
      db.close();
    }
  };

  it('records every version of a new database with when it was applied', () => {
    expect(recorded(join(dataDir, DATABASE_FILE))).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => ({ version: i + 1, recorded: 1 })),
    );
  });

  it('migrates a database made by the first schema, keeping its tokens, names and options', async () => {
    const oldDir = join(dataDir, '..', 'first-schema');
    mkdirSync(oldDir);
    const file = join(oldDir, DATABASE_FILE);
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec(SQLITE_MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    const key = generateTokenKey();
    old
      .prepare(
        `INSERT INTO tokens (name, key, status, remain_quota, used_quota, unlimited_quota, expired_time, created_time, accessed_time)
         VALUES ('Kept from before', ?, 1, 5, 0, 0, -1, 1, 1)`,
      )
      .run(key);
    old.exec("INSERT INTO token_names (token_names) VALUES ('rebuild')");
    old.exec('UPDATE token_count SET total = 1');
    old.exec("INSERT INTO options (key, value) VALUES ('QuotaPerUnit', '42')");
    old.close();

    const opened = openSqliteStore({ dataDir: oldDir, now: () => NOW });
    try {
      const page = await opened.list(query({ keyword: 'from before' }));
      expect(page.items.map((token) => token.name)).toEqual(['Kept from before']);
      // Its short pieces too, which the first schema had no index for.
      expect((await opened.list(query({ keyword: 'Fr' }))).total).toBe(1);
      expect((await opened.list(query({ keyword: 'z' }))).total).toBe(0);
      expect(await opened.reveal(page.items[0]!.id)).toBe(key);
      expect((await opened.list(query({ token: `sk-${key}` }))).items).toHaveLength(1);
      expect(await opened.getOptions()).toContainEqual({ key: 'QuotaPerUnit', value: '42' });
    } finally {
      await opened.close();
    }
    // Sealed in place, and the pages that held the key erased: no file of the database holds it.
    for (const name of readdirSync(oldDir)) {
      expect(readFileSync(join(oldDir, name)).includes(key), name).toBe(false);
    }
    // Version 1 came from before the record; every later one is recorded as applied now.
    expect(recorded(file)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => ({
        version: i + 1,
        recorded: i === 0 ? 0 : 1,
      })),
    );
  });
});

describe('restart', () => {
  it('keeps tokens, keys, ids and options when the store is closed and opened again', async () => {
    const created = await store.create({
      name: 'Survivor',
      remain_quota: 5,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    const removed = await store.create({
      name: 'Removed',
      remain_quota: 5,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    await store.remove(removed.id);
    await store.setOption('QuotaPerUnit', '250000');
    store = await handle.reopen();
    const page = await store.list(query());
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: created.id, name: 'Survivor' });
    expect(await store.reveal(created.id)).toBe(created.key);
    expect((await store.list(query({ keyword: 'survivor' }))).total).toBe(1);
    expect(await store.getOptions()).toContainEqual({ key: 'QuotaPerUnit', value: '250000' });
    const next = await store.create({
      name: 'Next',
      remain_quota: 0,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    expect(next.id).toBeGreaterThan(removed.id);
  });

  it.runIf(engine === 'sqlite')(
    'corrects a kept total that a hand edit of the file made wrong',
    async () => {
      await store.insertMany([record(), record(), record()]);
      await store.close();
      const db = new Database(join(dataDir, DATABASE_FILE));
      db.exec('DELETE FROM tokens WHERE id = 1');
      db.close();
      store = handle.store = openSqliteStore({ dataDir, now: () => NOW });
      expect((await store.list(query())).total).toBe(2);
    },
  );
});

describe('writes', () => {
  it('inserts many in one transaction: all or none', async () => {
    await store.insertMany([record({ name: 'First' })]);
    const bad = record({ name: 'Bad' });
    await expect(
      store.insertMany([record({ name: 'Fine' }), { ...bad, remain_quota: -1 }]),
    ).rejects.toThrow();
    const page = await store.list(query({ size: '100' }));
    expect(page.items.map((token) => token.name)).toEqual(['First']);
    expect(page.total).toBe(1);
  });

  it('inserts many only into an empty store', async () => {
    expect(
      await store.insertManyIfEmpty([record({ name: 'Demo 1' }), record({ name: 'Demo 2' })]),
    ).toBe(2);
    expect(await store.insertManyIfEmpty([record({ name: 'Demo again' })])).toBe(0);
    expect((await store.list(query({ order: 'id' }))).items.map((token) => token.name)).toEqual([
      'Demo 1',
      'Demo 2',
    ]);
  });

  it('bulk-inserts batches beside the tokens already there, with search, orders and indexes as before', async () => {
    await store.insertMany([record({ name: 'Already here', remain_quota: 5 })]);
    const file = join(dataDir, DATABASE_FILE);
    const indexesBefore = engine === 'sqlite' ? checkDatabaseFile(file).indexes : [];
    const stored = record({ name: 'Loaded 七 special', remain_quota: 1 });
    const told: number[] = [];
    const inserted = await store.bulkInsert(
      [
        [record({ name: 'Loaded one', remain_quota: 30 }), stored],
        [record({ name: 'Loaded two', remain_quota: 20 })],
      ],
      (count) => told.push(count),
    );
    expect(inserted).toBe(3);
    expect(told).toEqual([2, 3]);

    const names = async (input: TokenListQueryInput) =>
      (await store.list(query({ size: '100', ...input }))).items.map((token) => token.name);
    expect(await names({ keyword: 'LOADED' })).toEqual([
      'Loaded two',
      'Loaded 七 special',
      'Loaded one',
    ]);
    expect(await names({ keyword: '七' })).toEqual(['Loaded 七 special']);
    expect(await names({ keyword: 'here' })).toEqual(['Already here']);
    expect(await names({ token: `sk-${stored.key}` })).toEqual(['Loaded 七 special']);
    expect(await names({ order: '-remain_quota' })).toEqual([
      'Loaded one',
      'Loaded two',
      'Already here',
      'Loaded 七 special',
    ]);
    expect((await store.list(query())).total).toBe(4);

    if (engine === 'sqlite') {
      const check = checkDatabaseFile(file);
      expect(check.indexes).toEqual(indexesBefore);
      expect(check.nameIndexSound).toBe(true);
    }
  });

  it('bulk-inserts all or none: a bad token or a repeated key changes nothing', async () => {
    await store.insertMany([record({ name: 'Kept' })]);
    const file = join(dataDir, DATABASE_FILE);
    const indexes = () => (engine === 'sqlite' ? checkDatabaseFile(file).indexes : []);
    const indexesBefore = indexes();
    const twin = record({ name: 'Twin' });
    for (const batches of [
      [[record({ name: 'Fine' })], [{ ...record({ name: 'Bad' }), remain_quota: -1 }]],
      [[twin], [record({ name: 'Twin again', key: twin.key })]],
    ]) {
      await expect(store.bulkInsert(batches)).rejects.toThrow();
      const page = await store.list(query({ size: '100' }));
      expect(page.items.map((token) => token.name)).toEqual(['Kept']);
      expect(page.total).toBe(1);
      expect((await store.list(query({ keyword: 'Kept' }))).total).toBe(1);
      expect(indexes()).toEqual(indexesBefore);
    }
  });

  it('finds names by one or two characters, in any case and any script', async () => {
    await store.insertMany(
      ['ÉMILE Dupont', '测试环境 1', 'Straße', 'x-ray', 'Ｋelvin', '100%_done'].map((name) =>
        record({ name }),
      ),
    );
    const names = async (keyword: string) =>
      (await store.list(query({ keyword, order: 'name' }))).items.map((token) => token.name);
    expect(await names('é')).toEqual(['ÉMILE Dupont']);
    expect(await names('Mi')).toEqual(['ÉMILE Dupont']);
    expect(await names('测试')).toEqual(['测试环境 1']);
    expect(await names('境')).toEqual(['测试环境 1']);
    expect(await names('SS')).toEqual([]);
    expect(await names('ß')).toEqual(['Straße']);
    expect(await names('X')).toEqual(['x-ray']);
    expect(await names('-R')).toEqual(['x-ray']);
    expect(await names('ｋ')).toEqual(['Ｋelvin']);
    expect(await names('%_')).toEqual(['100%_done']);
    expect(await names('_')).toEqual(['100%_done']);
    expect(await names('q')).toEqual([]);
    expect((await store.list(query({ keyword: 'e', status: '1' }))).total).toBe(4);
  });

  it('keeps name search in step with renames and deletes', async () => {
    const token = await store.create({
      name: 'Original name',
      remain_quota: 1,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    expect((await store.list(query({ keyword: 'ig' }))).total).toBe(1);
    await store.update({ id: token.id, name: 'Renamed token' });
    expect((await store.list(query({ keyword: 'original' }))).total).toBe(0);
    expect((await store.list(query({ keyword: 'ig' }))).total).toBe(0);
    expect((await store.list(query({ keyword: 'ED' }))).total).toBe(1);
    expect((await store.list(query({ keyword: 'renamed' }))).items.map((t) => t.id)).toEqual([
      token.id,
    ]);
    await store.update({ id: token.id, remain_quota: 2 });
    expect((await store.list(query({ keyword: 'renamed' }))).total).toBe(1);
    await store.removeMany([token.id]);
    expect((await store.list(query({ keyword: 'renamed' }))).total).toBe(0);
    expect((await store.list(query({ keyword: 'ed' }))).total).toBe(0);
    expect((await store.list(query())).total).toBe(0);
  });
});

describe('lists with many matches', () => {
  // More rows than FEW_MATCHES, so pages are read by walking the order's index.
  const COUNT = 2 * FEW_MATCHES + 2000;
  const words = ['alpha', 'Beta', 'gamma', 'DELTA', 'Ärger'];
  const records: TokenRecordInput[] = Array.from({ length: COUNT }, (_, i) =>
    record({
      name: `${words[i % words.length]} token ${i % 97}`,
      status: i % 11 === 0 ? 2 : 1,
      remain_quota: i % 13 === 0 ? 0 : (i * 7919) % 1000,
      used_quota: (i * 104729) % 500,
      unlimited_quota: i % 17 === 0,
      expired_time: i % 5 === 0 ? -1 : NOW - 50_000 + ((i * 31) % 100_000),
      created_time: NOW - ((i * 37) % 10_000),
      accessed_time: NOW - ((i * 53) % 10_000),
    }),
  );

  beforeEach(async () => {
    await store.insertMany(records);
  });

  type Row = TokenRecordInput & { id: number };

  /** What the list should hold, computed here without SQL. */
  function expected(filter: (r: Row) => boolean, field: keyof Row, descending: boolean) {
    const rows = records.map((r, i) => ({ ...r, id: i + 1 })).filter(filter);
    const value = (r: Row) => {
      const v = r[field];
      if (field === 'expired_time' && v === -1) return Number.MAX_SAFE_INTEGER;
      return typeof v === 'string' ? v.toLowerCase() : Number(v);
    };
    rows.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
      return descending ? -order : order;
    });
    return { total: rows.length, ids: rows.map((r) => r.id) };
  }

  it.each([
    [
      'status 1 by -used_quota',
      { status: '1', order: '-used_quota' },
      (r: Row) => returnedStatus(r, NOW) === 1,
      'used_quota',
      true,
    ],
    [
      'status 3 by expired_time',
      { status: '3', order: 'expired_time' },
      (r: Row) => returnedStatus(r, NOW) === 3,
      'expired_time',
      false,
    ],
    [
      'keyword ALPHA by -id',
      { keyword: 'ALPHA' },
      (r: Row) => r.name.startsWith('alpha'),
      'id',
      true,
    ],
    [
      'keyword TOKEN by -remain_quota',
      { keyword: 'TOKEN', order: '-remain_quota' },
      () => true,
      'remain_quota',
      true,
    ],
    [
      'keyword a by created_time',
      { keyword: 'a', order: 'created_time' },
      (r: Row) => /a/i.test(r.name),
      'created_time',
      false,
    ],
    [
      'keyword är by id',
      { keyword: 'är', order: 'id' },
      (r: Row) => r.name.startsWith('Ärger'),
      'id',
      false,
    ],
    ['everything by name', { order: 'name' }, () => true, 'name', false],
    // A fifth never expires: a tie longer than the distance between two anchors.
    ['everything by expired_time', { order: 'expired_time' }, () => true, 'expired_time', false],
    ['everything by -expired_time', { order: '-expired_time' }, () => true, 'expired_time', true],
    ['everything by id', { order: 'id' }, () => true, 'id', false],
    ['everything by -remain_quota', { order: '-remain_quota' }, () => true, 'remain_quota', true],
    [
      'everything by -accessed_time',
      { order: '-accessed_time' },
      () => true,
      'accessed_time',
      true,
    ],
  ] as const)('pages %s', async (_label, input, filter, field, descending) => {
    const want = expected(filter, field, descending);
    expect(want.total).toBeGreaterThan(0);
    // Late pages are read from the end of the list, in the reverse order.
    const last = Math.ceil(want.total / 25);
    const middle = Math.ceil(last / 2);
    for (const p of new Set([
      1,
      2,
      40,
      100,
      middle - 1,
      middle,
      middle + 1,
      last - 1,
      last,
      last + 1,
    ])) {
      const page = await store.list(query({ ...input, size: '25', p: String(p) }));
      // A filtered list counts up to TOTAL_CAP; its pages go on to the last match.
      const capped = ('keyword' in input || 'status' in input) && want.total > TOTAL_CAP;
      expect(page.total).toBe(capped ? TOTAL_CAP : want.total);
      expect(page.total_capped).toBe(capped);
      expect(page.items.map((token) => token.id)).toEqual(want.ids.slice((p - 1) * 25, p * 25));
    }
  });
});

describe('a filtered list with more matches than TOTAL_CAP', () => {
  beforeEach(async () => {
    await store.insertMany([
      ...Array.from({ length: TOTAL_CAP + 50 }, (_, i) => record({ name: `Cap ${i}` })),
      ...Array.from({ length: 10 }, () => record({ name: 'Other' })),
    ]);
  });
  const ids = (page: TokenPage) => page.items.map((token) => token.id);
  const newestCaps = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => from - i);

  it('says "more than" TOTAL_CAP, and its pages go on past it to the last match', async () => {
    for (const keyword of ['cap', 'CA', 'p']) {
      const first = await store.list(query({ keyword, size: '100' }));
      expect(first).toMatchObject({ total: TOTAL_CAP, total_capped: true, page: 1 });
      expect(ids(first)).toEqual(newestCaps(TOTAL_CAP + 50, 100));
    }
    const capPages = TOTAL_CAP / 100;
    const beyond = await store.list(
      query({ keyword: 'cap', size: '100', p: String(capPages + 1) }),
    );
    expect(beyond).toMatchObject({ total: TOTAL_CAP, total_capped: true });
    expect(ids(beyond)).toEqual(newestCaps(50, 50));
    const past = await store.list(query({ keyword: 'cap', size: '100', p: String(capPages + 2) }));
    expect(past).toMatchObject({ items: [], total: TOTAL_CAP, total_capped: true });
    const byName = await store.list(
      query({ keyword: 'cap', order: 'name', size: '100', p: String(capPages + 1) }),
    );
    expect(byName.items).toHaveLength(50);
    expect(await store.list(query({ status: '1', size: '1' }))).toMatchObject({
      total: TOTAL_CAP,
      total_capped: true,
    });
  });

  it('counts exactly up to TOTAL_CAP, and the whole list always', async () => {
    expect(await store.list(query({ size: '1' }))).toMatchObject({
      total: TOTAL_CAP + 60,
      total_capped: false,
    });
    expect(await store.list(query({ keyword: 'other', size: '1' }))).toMatchObject({
      total: 10,
      total_capped: false,
    });
    await store.removeMany(newestCaps(50, 50));
    const lastPage = TOTAL_CAP / 100;
    const last = await store.list(query({ keyword: 'cap', size: '100', p: String(lastPage) }));
    expect(last).toMatchObject({ total: TOTAL_CAP, total_capped: false });
    expect(ids(last)).toEqual(newestCaps(150, 100));
    const past = await store.list(query({ keyword: 'cap', size: '100', p: String(lastPage + 1) }));
    expect(past).toMatchObject({ items: [], total: TOTAL_CAP, total_capped: false });
  });
});

describe('tokens as the list sends them', () => {
  it('are what toToken() makes of each record, with the key masked, in every status', async () => {
    const records = [
      record({ name: 'Plain' }),
      record({ name: 'Disabled and expired', status: 2, expired_time: NOW - 1 }),
      record({ name: 'Expires now', expired_time: NOW }),
      record({ name: 'Expires later', expired_time: NOW + 1 }),
      record({ name: 'Exhausted', remain_quota: 0 }),
      record({ name: 'Expired and exhausted', remain_quota: 0, expired_time: NOW - 5 }),
      record({ name: 'Unlimited, none left', remain_quota: 0, unlimited_quota: true }),
      record({
        name: 'Quotes " and \\ back\\slash, 生产环境 😀',
        remain_quota: 1_000_000_000_000_000,
        used_quota: 123_456_789,
        models: 'gpt-4o,"odd"',
        subnet: '10.0.0.0/8',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      }),
    ];
    await store.insertMany(records);
    const page = await store.list(query({ size: '100', order: 'id' }));
    expect(page.items).toEqual(
      records.map((r, i) => toToken({ ...r, id: i + 1 }, NOW, maskKey(r.key))),
    );
    expect(JSON.parse(await store.listJson(query({ size: '100', order: 'id' })))).toEqual(page);
  });
});

describe('a rotation with a grace period', () => {
  const OWNER = { actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' as const }, ip: '127.0.0.1' };
  const rotations = async () =>
    (await store.auditPage(auditQuerySchema.parse({ action: 'token.rotate' }))).items;

  it('says until when the old key works: in the token, the list, an update and the audit', async () => {
    await store.insertMany([record({ name: 'Rotated' })]);
    expect((await store.get(1))?.previous_key_valid_until).toBeNull();

    const rotated = await store.rotate(1, 3600, OWNER);
    expect(rotated?.token.previous_key_valid_until).toBe(NOW + 3600);
    expect((await store.get(1))?.previous_key_valid_until).toBe(NOW + 3600);
    const page = await store.list(query());
    expect(page.items[0]?.previous_key_valid_until).toBe(NOW + 3600);
    expect(JSON.parse(await store.listJson(query()))).toEqual(page);
    const updated = await store.update({ id: 1, name: 'Renamed' }, OWNER);
    expect(updated).toMatchObject({ token: { previous_key_valid_until: NOW + 3600 } });

    // The record of the rotation carries the grace: its end, and so its length from the time.
    const [entry] = await rotations();
    expect(entry?.before).toMatchObject({ previous_key_valid_until: null });
    expect(entry?.after).toMatchObject({ previous_key_valid_until: NOW + 3600 });
    expect(Number(entry?.after?.previous_key_valid_until) - entry!.time).toBe(3600);

    clock = NOW + 3600;
    expect((await store.get(1))?.previous_key_valid_until).toBeNull();
    expect((await store.list(query())).items[0]?.previous_key_valid_until).toBeNull();
    expect(JSON.parse(await store.listJson(query())).items[0].previous_key_valid_until).toBeNull();
  });

  it('ends the old key at once when rotated again without grace, and records that', async () => {
    await store.insertMany([record({ name: 'Rotated twice' })]);
    await store.rotate(1, 600, OWNER);
    clock = NOW + 60;
    const again = await store.rotate(1, 0, OWNER);
    expect(again?.token.previous_key_valid_until).toBeNull();
    expect((await store.get(1))?.previous_key_valid_until).toBeNull();
    const [latest] = await rotations();
    expect(latest?.before).toMatchObject({ previous_key_valid_until: NOW + 600 });
    expect(latest?.after).toMatchObject({ previous_key_valid_until: null });
  });
});

describe('the audit of a deleted token', () => {
  const OWNER = { actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' as const }, ip: '127.0.0.1' };
  const created = (name: string) =>
    store.create(
      {
        name,
        remain_quota: 5,
        expired_time: -1,
        unlimited_quota: false,
        models: '',
        subnet: '',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      },
      OWNER,
    );

  it('marks every record of a token that is gone, and none of one that is still there', async () => {
    const kept = await created('Kept');
    const gone = await created('Gone');
    await store.update({ id: gone.id, name: 'Gone soon' }, OWNER);
    await store.setOption('QuotaPerUnit', '250000', OWNER);
    const before = await store.auditPage(auditQuerySchema.parse({}));
    expect(before.items.map((entry) => entry.token_deleted)).toEqual([false, false, false, false]);

    await store.remove(gone.id, OWNER);
    const after = await store.auditPage(auditQuerySchema.parse({}));
    expect(after.items.map((entry) => [entry.action, entry.token_id, entry.token_deleted])).toEqual(
      [
        ['token.delete', gone.id, true],
        ['option.update', null, false],
        ['token.update', gone.id, true],
        ['token.create', gone.id, true],
        ['token.create', kept.id, false],
      ],
    );
  });
});

describe('a page asked for again', () => {
  it("follows the clock, this store's writes and another connection's", async () => {
    await store.insertMany([record({ name: 'Expiring', expired_time: NOW + 1 })]);
    const statuses = async () => (await store.list(query())).items.map((token) => token.status);
    const expiredTotal = async () => (await store.list(query({ status: '3' }))).total;
    expect(await statuses()).toEqual([1]);
    expect(await expiredTotal()).toBe(0);
    clock = NOW + 1;
    expect(await statuses()).toEqual([3]);
    expect(await expiredTotal()).toBe(1);
    await store.insertMany([record({ name: 'Second' })]);
    expect(await statuses()).toEqual([1, 3]);

    const second = (await store.list(query({ keyword: 'Second' }))).items[0]!.id;
    // A page asked for again shows another process's change at once.
    await disableElsewhere(second);
    expect(await statuses()).toEqual([2, 3]);
  });
});

describe('deep pages after a change', () => {
  /**
   * The page, read three times: an engine may read the first page after a change one way and
   * the next ones another (PostgreSQL walks its anchors again only once the order holds still).
   */
  async function settled(input: TokenListQueryInput) {
    const pages = [];
    for (let i = 0; i < 3; i += 1) pages.push(await store.list(query(input)));
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
    return pages[0]!;
  }

  it('move with the tokens added before them', async () => {
    const names = (page: { items: { name: string }[] }) => page.items.map((token) => token.name);
    await store.insertMany(
      Array.from({ length: 5000 }, (_, i) => record({ name: `m ${String(i).padStart(4, '0')}` })),
    );
    const deep = { order: 'name', size: '10', p: '201' } as const;
    expect(names(await settled(deep))[0]).toBe('m 2000');
    await store.insertMany(Array.from({ length: 3 }, () => record({ name: 'a first' })));
    expect(names(await settled(deep))[0]).toBe('m 1997');
    expect((await settled(deep)).total).toBe(5003);
  });

  it('move with an update that reorders them, and stay right after one that does not', async () => {
    await store.insertMany(
      Array.from({ length: 5000 }, (_, i) => record({ name: `q ${i}`, remain_quota: i + 1 })),
    );
    // Places 2000 to 2009 of the quota order: far enough from both ends to start at an anchor.
    const deep = { order: 'remain_quota', size: '10', p: '201' } as const;
    const quotas = async () => (await settled(deep)).items.map((token) => token.remain_quota);
    expect(await quotas()).toEqual(Array.from({ length: 10 }, (_, i) => 2001 + i));
    const first = (await store.list(query({ order: 'remain_quota', size: '1' }))).items[0]!;
    await store.update({ id: first.id, status: 2 });
    expect(await quotas()).toEqual(Array.from({ length: 10 }, (_, i) => 2001 + i));
    await store.update({ id: first.id, remain_quota: 1_000_000 });
    expect(await quotas()).toEqual(Array.from({ length: 10 }, (_, i) => 2002 + i));
  });

  it("move with another connection's inserts, updates and deletes", async () => {
    await store.insertMany(
      Array.from({ length: 5000 }, (_, i) => record({ name: `n ${String(i).padStart(4, '0')}` })),
    );
    const deep = { order: 'name', size: '10', p: '201' } as const;
    // Another connection's change shows in the very next page asked for.
    const firstName = async () => (await settled(deep)).items[0]?.name;
    expect(await firstName()).toBe('n 2000');
    const url = await handle.databaseUrl();
    const other = url
      ? await openPostgresStore({ secret: TEST_SECRET_BYTES, url })
      : openSqliteStore({ dataDir });
    try {
      await other.insertMany([record({ name: 'a new first' })]);
      expect(await firstName()).toBe('n 1999');
      const renamed = (await other.list(query({ keyword: 'n 0000' }))).items[0]!;
      await other.update({ id: renamed.id, name: 'z renamed' });
      expect(await firstName()).toBe('n 2000');
      await other.removeMany([renamed.id + 1, renamed.id + 2]);
      expect(await firstName()).toBe('n 2002');
    } finally {
      await other.close();
    }
  });
});

describe('the pages of a name search', () => {
  const NAMES = ['Émile – eval', '测试环境', 'Billing x-ray', 'plain', 'ÉCOLE b'];

  /** Every page of the search, read twice (a search's later reads may take another path). */
  async function allPages(keyword: string) {
    const ids: number[] = [];
    for (let p = 1; ; p += 1) {
      const page = await store.list(query({ keyword, size: '100', p: String(p) }));
      expect(await store.list(query({ keyword, size: '100', p: String(p) }))).toEqual(page);
      ids.push(...page.items.map((token) => token.id));
      if (page.items.length < 100) return { total: page.total, ids };
    }
  }

  /** Every token in `order`, page by page. */
  async function everyToken(order: TokenListQueryInput['order'] = '-id') {
    const tokens: TokenPage['items'] = [];
    for (let p = 1; ; p += 1) {
      const page = await store.list(query({ order, size: '100', p: String(p) }));
      tokens.push(...page.items);
      if (page.items.length < 100) return tokens;
    }
  }

  /** Every token's id whose name holds the keyword in any case, newest first. */
  async function expected(keyword: string) {
    const ids = (await everyToken())
      .filter((token) => token.name.toLowerCase().includes(keyword.toLowerCase()))
      .map((token) => token.id);
    return { total: ids.length, ids };
  }

  it("stay right through another instance's inserts, renames and deletes", async () => {
    await store.insertMany(
      Array.from({ length: 2500 }, (_, i) => record({ name: `${NAMES[i % NAMES.length]} ${i}` })),
    );
    const keywords = ['é', '测试', 'X', 'eval', '7'];
    for (const keyword of keywords)
      expect(await allPages(keyword)).toEqual(await expected(keyword));

    const url = await handle.databaseUrl();
    const other = url
      ? await openPostgresStore({ secret: TEST_SECRET_BYTES, url })
      : openSqliteStore({ dataDir });
    try {
      const eval1 = (await other.list(query({ keyword: 'eval 1000' }))).items[0]!;
      await other.update({ id: eval1.id, name: 'Renamed 测试' });
      await other.removeMany([eval1.id - 1, eval1.id - 3]);
      await other.insertMany([record({ name: 'NEW X 测试 é' })]);
    } finally {
      await other.close();
    }
    for (const keyword of keywords)
      expect(await allPages(keyword)).toEqual(await expected(keyword));
    expect((await store.list(query({ keyword: 'eval 1000' }))).total).toBe(0);
    expect((await store.list(query({ keyword: 'renamed 测' }))).items.map((t) => t.id)).toEqual([
      (await store.list(query({ keyword: 'renamed' }))).items[0]!.id,
    ]);
  });

  it('count up to TOTAL_CAP and page past it in every order', async () => {
    await store.insertMany(
      Array.from({ length: TOTAL_CAP + 120 }, (_, i) =>
        record({ name: `${i % 2 === 0 ? 'Été' : 'été'} ${i}`, remain_quota: (i * 7919) % 1000 }),
      ),
    );
    const ids = (page: TokenPage) => page.items.map((token) => token.id);
    const newest = TOTAL_CAP + 120;
    const lastPage = TOTAL_CAP / 100;
    for (const keyword of ['É', 'ÉTÉ', 't']) {
      const last = await store.list(query({ keyword, size: '100', p: String(lastPage) }));
      expect(last).toMatchObject({ total: TOTAL_CAP, total_capped: true });
      expect(ids(last)).toEqual(
        Array.from({ length: 100 }, (_, i) => newest - TOTAL_CAP + 100 - i),
      );
      const past = await store.list(query({ keyword, size: '100', p: String(lastPage + 1) }));
      expect(ids(past)).toEqual(Array.from({ length: 100 }, (_, i) => newest - TOTAL_CAP - i));
    }
    // A page of 50 past the count, among the last matches.
    const deep = (TOTAL_CAP + 100) / 50;
    const byQuota = await store.list(
      query({ keyword: 'été', order: 'remain_quota', size: '50', p: String(deep) }),
    );
    const all = (await everyToken('remain_quota')).map((token) => token.id);
    expect(ids(byQuota)).toEqual(all.slice((deep - 1) * 50, deep * 50));
  });
});

describe('a free check asked again', () => {
  it("follows the clock, this store's writes and another connection's", async () => {
    const key = generateTokenKey();
    await store.insertMany([record({ name: 'Checked', key, expired_time: NOW + 10 })]);
    const id = (await store.list(query())).items[0]!.id;
    const check = async () => {
      const { code, remain_quota } = await store.verify({ key, cost: 0 });
      return { code, remain_quota };
    };
    expect(await check()).toEqual({ code: 'VALID', remain_quota: 10 });
    expect(await check()).toEqual({ code: 'VALID', remain_quota: 10 });

    await store.update({ id, remain_quota: 7 });
    expect(await check()).toEqual({ code: 'VALID', remain_quota: 7 });

    await disableElsewhere(id);
    // On SQLite another process's write shows in a free check within OTHERS_SEEN_WITHIN_MS.
    if (engine === 'sqlite') {
      await new Promise((resolve) => setTimeout(resolve, OTHERS_SEEN_WITHIN_MS + 1));
    }
    expect((await check()).code).toBe('DISABLED');

    await store.update({ id, status: 1 });
    expect((await check()).code).toBe('VALID');
    clock = NOW + 10;
    expect((await check()).code).toBe('EXPIRED');

    const unknown = generateTokenKey();
    expect((await store.verify({ key: unknown, cost: 0 })).code).toBe('NOT_FOUND');
    await store.insertMany([record({ name: 'Late', key: unknown })]);
    expect((await store.verify({ key: unknown, cost: 0 })).code).toBe('VALID');
  });
});
