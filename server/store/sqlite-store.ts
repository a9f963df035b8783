import { OPTION_KEYS } from '../../src/contract/status';
import type { Option } from '../../src/contract/status';
import type { TokenUpdate } from '../../src/contract/token';
import type { TokenPage } from '../../src/contract/token-page';
import { KeySeal } from './key-seal';
import { OPTION_DEFAULTS } from './option-defaults';
import { keptSecret } from './secret-file';
import { groupCommit } from './sqlite-group-commit';
import { openDatabase, SERVICE_CACHE_KIB } from './sqlite-database';
import { listReader } from './sqlite-list-reader';
import { sqliteSummary } from './sqlite-summary';
import { sqliteRotation } from './sqlite-rotate';
import { sqliteUsageReader, sqliteUsageSums } from './sqlite-usage';
import { sqliteGatewayCalls } from './sqlite-verify';
import { sqliteQuotaResets } from './sqlite-quota-resets';
import {
  enableRefusal,
  newTokenRecord,
  FIELD_COLUMNS,
  nowInSeconds,
  patchedRecord,
  toToken,
} from './token-record';
import type { TokenRecordInput, TokenStore, UpdateResult } from './token-store';
import { NAME_GRAMS_FUNCTION, nameGrams } from './sqlite-name-grams';
import {
  INSERT_COLUMNS,
  fromRow,
  insertRow,
  type InsertRow,
  type TokenRow,
} from './sqlite-token-row';

export interface SqliteStoreOptions {
  dataDir: string;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
  /** SQLite's page cache; bulk loads (the seed script) go faster with a larger one. */
  cacheKiB?: number;
  /** Seals the token keys (TOKENDESK_SECRET); absent, the data directory's secret file. */
  secret?: Buffer;
}

type NameRow = { id: number; name: string };

export function openSqliteStore(options: SqliteStoreOptions): TokenStore {
  const clock = options.now ?? nowInSeconds;
  const seal = new KeySeal(options.secret ?? keptSecret(options.dataDir));
  const db = openDatabase(options.dataDir, options.cacheKiB ?? SERVICE_CACHE_KIB, seal);
  const toRow = (record: TokenRecordInput) => insertRow(record, seal);

  const statements = {
    byId: db.prepare<[number], TokenRow>(
      `SELECT id, ${FIELD_COLUMNS.join(', ')}, key_masked FROM tokens WHERE id = ?`,
    ),
    sealedById: db.prepare<[number], { key_sealed: Buffer }>(
      'SELECT key_sealed FROM tokens WHERE id = ?',
    ),
    insert: db.prepare<[InsertRow]>(
      `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')})`,
    ),
    update: db.prepare<[TokenRow]>(
      `UPDATE tokens SET ${FIELD_COLUMNS.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`,
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
    rebuildNames: db.prepare("INSERT INTO token_names (token_names) VALUES ('rebuild')"),
    indexGrams: db.prepare<[number | bigint, string]>(
      'INSERT INTO token_grams (rowid, grams) VALUES (?, ?)',
    ),
    forgetGrams: db.prepare<[number]>('DELETE FROM token_grams WHERE rowid = ?'),
    // For the rows of a bulk load: one statement, rather than a call from JavaScript per row.
    indexGramsAfter: db.prepare<[number]>(
      `INSERT INTO token_grams (rowid, grams) SELECT id, ${NAME_GRAMS_FUNCTION}(name) FROM tokens WHERE id > ?`,
    ),
    lastId: db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM tokens').pluck(),
    tokenIndexes: db.prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'tokens' AND sql IS NOT NULL",
    ),
    total: db.prepare<[], { total: number }>('SELECT total FROM token_count'),
    addToTotal: db.prepare<[number]>('UPDATE token_count SET total = total + ?'),
    recount: db.prepare('UPDATE token_count SET total = (SELECT count(*) FROM tokens)'),
    options: db.prepare<[], Option>('SELECT key, value FROM options'),
    setOption: db.prepare<[string, string]>(
      'INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
  };

  // Cheap insurance: a total drifted by a hand edit of the file is right again after a restart.
  statements.recount.run();

  const summarize = sqliteSummary(db);

  // This process's commits: what the tokens are, with data_version for other processes'.
  let commits = 0;
  const writes = groupCommit(db, () => (commits += 1));
  const lists = listReader(db, { clock, commits: () => commits });
  const resets = sqliteQuotaResets(db);
  const addSum = sqliteUsageSums(db);
  const gateway = sqliteGatewayCalls(db, writes, resets, addSum, clock);
  const rotation = sqliteRotation(db, seal);
  const usageFigures = sqliteUsageReader(db);

  const insertRecord = (record: TokenRecordInput): number => {
    const { lastInsertRowid } = statements.insert.run(toRow(record));
    statements.indexName.run(lastInsertRowid, record.name);
    statements.indexGrams.run(lastInsertRowid, nameGrams(record.name));
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

  // Building an index from sorted rows is several times faster than keeping it up with each row.
  const bulkInsertAll = db.transaction(
    (batches: Iterable<readonly TokenRecordInput[]>, onBatch?: (inserted: number) => void) => {
      const indexes = statements.tokenIndexes.all();
      const before = statements.lastId.get() ?? 0;
      for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
      let inserted = 0;
      for (const batch of batches) {
        for (const record of batch) statements.insert.run(toRow(record));
        inserted += batch.length;
        onBatch?.(inserted);
      }
      for (const { sql } of indexes) db.exec(sql);
      statements.rebuildNames.run();
      statements.indexGramsAfter.run(before);
      statements.addToTotal.run(inserted);
      return inserted;
    },
  );

  const removeRows = db.transaction((rows: () => NameRow[]) => {
    const removed = rows();
    for (const row of removed) {
      statements.forgetName.run(row.id, row.name);
      statements.forgetGrams.run(row.id);
    }
    statements.addToTotal.run(-removed.length);
    return removed.length;
  });

  const applyUpdate = db.transaction((patch: TokenUpdate, now: number): UpdateResult => {
    const row = statements.byId.get(patch.id);
    if (!row) return { outcome: 'not_found' };
    const stored = fromRow(row);
    const next = patchedRecord(stored, patch, now);
    // Only switching a disabled token on is refused; an enabled one keeps its switch whatever
    // else the update changes.
    if (patch.status === 1 && stored.status === 2) {
      const refusal = enableRefusal(next, now);
      if (refusal) return { outcome: 'refused', reason: refusal };
    }
    statements.update.run({ ...next, unlimited_quota: next.unlimited_quota ? 1 : 0 });
    if (next.name !== row.name) {
      statements.forgetName.run(row.id, row.name);
      statements.indexName.run(row.id, next.name);
      statements.forgetGrams.run(row.id);
      statements.indexGrams.run(row.id, nameGrams(next.name));
    }
    return { outcome: 'updated', token: toToken(next, now, next.key_masked) };
  });

  /** Resets that fell due are written before anything reads the tokens (quota-resets.ts). */
  const catchUp = async () => {
    const now = clock();
    if (resets.due(now)) await writes.run(() => resets.applyDue(now));
  };

  return {
    async list(query) {
      await catchUp();
      return JSON.parse(lists.pageJson(query)) as TokenPage;
    },

    async listJson(query) {
      await catchUp();
      return lists.pageJson(query);
    },

    async get(id) {
      await catchUp();
      const row = statements.byId.get(id);
      return row ? toToken(fromRow(row), clock(), row.key_masked) : null;
    },

    async create(input) {
      const now = clock();
      const record = newTokenRecord(input, now);
      const id = await writes.run(() => insertOne(record));
      return toToken({ ...record, id }, now, record.key);
    },

    async update(patch) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return applyUpdate(patch, now);
      });
    },

    async remove(id) {
      return (await writes.run(() => removeRows(() => statements.remove.all(id)))) > 0;
    },

    async removeMany(ids) {
      const list = JSON.stringify(ids);
      return writes.run(() => removeRows(() => statements.removeMany.all(list)));
    },

    async summary(filter) {
      await catchUp();
      return summarize(filter, clock());
    },

    async reveal(id) {
      const row = statements.sealedById.get(id);
      return row ? seal.open(row.key_sealed) : null;
    },

    async insertMany(tokens) {
      return writes.run(() => insertAll(tokens));
    },

    async insertManyIfEmpty(tokens) {
      // One write transaction: another process's insert is either before it (seen) or after.
      return writes.run(() => (statements.total.get()!.total > 0 ? 0 : insertAll(tokens)));
    },

    async bulkInsert(batches, onBatch) {
      return writes.run(() => bulkInsertAll(batches, onBatch));
    },

    async addUsage(sums) {
      await writes.run(() => {
        for (const sum of sums) addSum(sum);
      });
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

    now: () => clock(),

    async rotate(id, graceSeconds) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return rotation(id, graceSeconds, now);
      });
    },

    verify: (request) => gateway.verify(request),
    report: (report) => gateway.report(report),
    flushUsage: () => gateway.flushUsage(),

    async usage(range, tokenId) {
      // This process's own latest verifies are in the figures it answers.
      await gateway.flushUsage();
      return usageFigures(range, tokenId);
    },

    async close() {
      gateway.close();
      writes.flush();
      db.close();
    },
  };
}
