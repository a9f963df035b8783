import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { OPTION_KEYS } from '../../src/contract/status';
import type { Option } from '../../src/contract/status';
import type {
  TokenListQuery,
  TokenPage,
  TokenSummary,
  TokenUpdate,
} from '../../src/contract/token';
import { OPTION_DEFAULTS } from './option-defaults';
import {
  FEW_MATCHES,
  NAME_CONTAINS_FUNCTION,
  buildListStatements,
  buildTokenFilter,
  foldedContains,
  indexable,
  type ListStatements,
} from './sqlite-list-query';
import { groupCommit } from './sqlite-group-commit';
import { migrate } from './sqlite-schema';
import {
  enableRefusal,
  generateTokenKey,
  nowInSeconds,
  toToken,
  type TokenRecord,
} from './token-record';
import type { TokenRecordInput, TokenStore, UpdateResult } from './token-store';

export const DATABASE_FILE = 'tokendesk.db';
const CACHE_KIB = 128 * 1024;
/** Pages kept for repeats within a second (a dashboard and its refetches, pollers): a few MB at most. */
const RECENT_PAGES = 64;

export interface SqliteStoreOptions {
  dataDir: string;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
}

type NameRow = { id: number; name: string };

/** A row as SQLite returns it: booleans are 0 or 1. */
type TokenRow = Omit<TokenRecord, 'unlimited_quota'> & { unlimited_quota: number };

/**
 * One pass over the matching tokens; the status rules are token-record.ts's, written in SQL.
 * total(), not sum(): sum() of many large quotas overflows 64-bit integers and fails.
 */
const SUMMARY_SELECT = `SELECT count(*) AS total,
  coalesce(sum(status = 2), 0) AS disabled,
  coalesce(sum(status = 1 AND expired_time != -1 AND expired_time <= @now), 0) AS expired,
  coalesce(sum(status = 1 AND NOT (expired_time != -1 AND expired_time <= @now)
    AND unlimited_quota = 0 AND remain_quota <= 0), 0) AS exhausted,
  coalesce(sum(unlimited_quota = 1), 0) AS unlimited,
  total(CASE WHEN unlimited_quota = 0 THEN remain_quota ELSE 0 END) AS remain_quota
FROM tokens`;

const COLUMNS =
  'name, key, status, remain_quota, used_quota, unlimited_quota, expired_time, created_time, accessed_time, models, subnet';
const VALUES = COLUMNS.split(', ')
  .map((column) => `@${column}`)
  .join(', ');

export function openSqliteStore(options: SqliteStoreOptions): TokenStore {
  const clock = options.now ?? nowInSeconds;
  const db = openDatabase(options.dataDir);

  const statements = {
    byId: db.prepare<[number], TokenRow>('SELECT * FROM tokens WHERE id = ?'),
    keyById: db.prepare<[number], { key: string }>('SELECT key FROM tokens WHERE id = ?'),
    insert: db.prepare<[Omit<TokenRow, 'id'>]>(
      `INSERT INTO tokens (${COLUMNS}) VALUES (${VALUES})`,
    ),
    update: db.prepare<[TokenRow]>(
      `UPDATE tokens SET ${COLUMNS.split(', ')
        .filter((column) => column !== 'key')
        .map((column) => `${column} = @${column}`)
        .join(', ')} WHERE id = @id`,
    ),
    remove: db.prepare<[number], NameRow>('DELETE FROM tokens WHERE id = ? RETURNING id, name'),
    removeMany: db.prepare<[string], NameRow>(
      'DELETE FROM tokens WHERE id IN (SELECT value FROM json_each(?)) RETURNING id, name',
    ),
    // An external-content FTS5 index is told the old text to forget it.
    indexName: db.prepare<[number | bigint, string]>(
      'INSERT INTO token_names (rowid, name) VALUES (?, ?)',
    ),
    forgetName: db.prepare<[number, string]>(
      "INSERT INTO token_names (token_names, rowid, name) VALUES ('delete', ?, ?)",
    ),
    total: db.prepare<[], { total: number }>('SELECT total FROM token_count'),
    addToTotal: db.prepare<[number]>('UPDATE token_count SET total = total + ?'),
    recount: db.prepare('UPDATE token_count SET total = (SELECT count(*) FROM tokens)'),
    options: db.prepare<[], Option>('SELECT key, value FROM options'),
    setOption: db.prepare<[string, string]>(
      'INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
    // Changes when another connection (another process) commits.
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  // Cheap insurance: a total drifted by a hand edit of the file is right again after a restart.
  statements.recount.run();

  // Statements differ only by which filters and order are present: a few dozen shapes.
  const listStatements = new Map<string, Database.Statement>();
  const listStatement = (sql: string) => {
    let statement = listStatements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      listStatements.set(sql, statement);
    }
    return statement;
  };

  // Each returns a page's rows as JSON text, one value per row.
  const pageStatements = new Map<string, Database.Statement>();
  const pageStatement = (sql: string) => {
    let statement = pageStatements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).pluck();
      pageStatements.set(sql, statement);
    }
    return statement;
  };

  // One snapshot for the total and the page, so they agree even while another process writes.
  const readPage = db.transaction((sql: ListStatements, limit: number, offset: number) => {
    const total =
      sql.count === null
        ? (statements.total.get()?.total ?? 0)
        : (listStatement(sql.count).get(sql.params) as { total: number }).total;
    // OFFSET walks the rows it skips: past the end there is nothing to walk for.
    if (offset >= total) return { total, rows: [] };
    const strategy = total <= FEW_MATCHES ? 'filter' : 'order';
    // A page in the back half is read from the end, in the reverse order, skipping fewer rows.
    const after = total - offset - limit;
    if (after >= offset) {
      const rows = pageStatement(sql.page(strategy, 'forward')).all({
        ...sql.params,
        limit,
        offset,
      }) as string[];
      return { total, rows };
    }
    const rows = pageStatement(sql.page(strategy, 'reverse')).all({
      ...sql.params,
      limit: Math.min(limit, total - offset),
      offset: Math.max(0, after),
    }) as string[];
    return { total, rows: rows.reverse() };
  });

  // This process's commits; with data_version (other processes') and the clock's second, what a
  // page depends on besides the query: while none of the three changes, a page reads the same.
  let commits = 0;
  const writes = groupCommit(db, () => (commits += 1));
  const recentPages = new Map<string, string>();
  let recentPagesState = '';

  const pageJson = (query: TokenListQuery): string => {
    const now = clock();
    const state = `${now} ${commits} ${statements.dataVersion.get()}`;
    if (state !== recentPagesState || recentPages.size >= RECENT_PAGES) {
      recentPages.clear();
      recentPagesState = state;
    }
    const key = JSON.stringify([
      query.p,
      query.size,
      query.order,
      query.status,
      query.keyword,
      query.token,
    ]);
    let json = recentPages.get(key);
    if (json === undefined) {
      const sql = buildListStatements(query, now);
      const { total, rows } = readPage(sql, query.size, (query.p - 1) * query.size);
      json = `{"items":[${rows.join(',')}],"total":${total},"page":${query.p},"page_size":${query.size}}`;
      recentPages.set(key, json);
    }
    return json;
  };

  const insertRecord = (record: TokenRecordInput): number => {
    const { lastInsertRowid } = statements.insert.run(toRow(record));
    statements.indexName.run(lastInsertRowid, record.name);
    return Number(lastInsertRowid);
  };
  const insertOne = db.transaction((record: TokenRecordInput) => {
    const id = insertRecord(record);
    statements.addToTotal.run(1);
    return id;
  });
  const insertAll = db.transaction((records: readonly TokenRecordInput[]) => {
    for (const record of records) insertRecord(record);
    statements.addToTotal.run(records.length);
    return records.length;
  });

  const removeRows = db.transaction((rows: () => NameRow[]) => {
    const removed = rows();
    for (const row of removed) statements.forgetName.run(row.id, row.name);
    statements.addToTotal.run(-removed.length);
    return removed.length;
  });

  const applyUpdate = db.transaction((patch: TokenUpdate, now: number): UpdateResult => {
    const row = statements.byId.get(patch.id);
    if (!row) return { outcome: 'not_found' };
    const next: TokenRecord = { ...fromRow(row), ...definedFields(patch) };
    if (patch.status === 1) {
      const refusal = enableRefusal(next, now);
      if (refusal) return { outcome: 'refused', reason: refusal };
    }
    statements.update.run(toRow(next));
    if (next.name !== row.name) {
      statements.forgetName.run(row.id, row.name);
      statements.indexName.run(row.id, next.name);
    }
    return { outcome: 'updated', token: toToken(next, now, 'masked') };
  });

  return {
    async list(query) {
      return JSON.parse(pageJson(query)) as TokenPage;
    },

    async listJson(query) {
      return pageJson(query);
    },

    async get(id) {
      const row = statements.byId.get(id);
      return row ? toToken(fromRow(row), clock(), 'masked') : null;
    },

    async create(input) {
      const now = clock();
      const record: TokenRecordInput = {
        ...input,
        key: generateTokenKey(),
        status: 1,
        used_quota: 0,
        created_time: now,
        accessed_time: now,
      };
      const id = await writes.run(() => insertOne(record));
      return toToken({ ...record, id }, now, 'whole');
    },

    async update(patch) {
      const now = clock();
      return writes.run(() => applyUpdate(patch, now));
    },

    async remove(id) {
      return (await writes.run(() => removeRows(() => statements.remove.all(id)))) > 0;
    },

    async removeMany(ids) {
      const list = JSON.stringify(ids);
      return writes.run(() => removeRows(() => statements.removeMany.all(list)));
    },

    async summary(filter) {
      const { where, params } = buildTokenFilter(filter, clock());
      const counts = listStatement(`${SUMMARY_SELECT} ${where(indexable)}`).get(params) as
        Omit<TokenSummary, 'enabled'> | undefined;
      if (!counts) throw new Error('the summary query returned no row');
      return {
        ...counts,
        enabled: counts.total - counts.disabled - counts.expired - counts.exhausted,
      };
    },

    async reveal(id) {
      return statements.keyById.get(id)?.key ?? null;
    },

    async insertMany(tokens) {
      return writes.run(() => insertAll(tokens));
    },

    async getOptions() {
      const stored = new Map(statements.options.all().map((option) => [option.key, option.value]));
      return OPTION_KEYS.map((key) => ({ key, value: stored.get(key) ?? OPTION_DEFAULTS[key] }));
    },

    async setOption(key, value) {
      await writes.run(() => statements.setOption.run(key, value));
      return this.getOptions();
    },

    async ping() {
      statements.ping.get();
    },

    async close() {
      writes.flush();
      db.close();
    },
  };
}

function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DATABASE_FILE);
  // Created here first so the file holding every key is readable by its owner only;
  // SQLite gives the -wal and -shm files the same mode.
  closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // FULL syncs the WAL on every commit: an acknowledged write survives a crash or power cut.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    // No foreign keys yet; on, so a later migration's are enforced from the start.
    db.pragma('foreign_keys = ON');
    // Eight indexes and the name search at a million rows: a larger cache than SQLite's
    // 16 MiB default keeps their hot pages in memory (a million-row seed runs twice as fast).
    db.pragma(`cache_size = -${CACHE_KIB}`);
    db.function(NAME_CONTAINS_FUNCTION, { deterministic: true }, foldedContains);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function fromRow(row: TokenRow): TokenRecord {
  return { ...row, unlimited_quota: row.unlimited_quota === 1 };
}

function toRow<T extends TokenRecordInput>(
  record: T,
): Omit<T, 'unlimited_quota'> & { unlimited_quota: number } {
  return { ...record, unlimited_quota: record.unlimited_quota ? 1 : 0 };
}

/** Only the fields the patch carries, so the rest keep their stored values. */
function definedFields(patch: TokenUpdate): Partial<TokenRecord> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}
