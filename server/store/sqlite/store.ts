import { OPTION_KEYS } from '../../../src/contract/status';
import { maskKey, type TokenListQuery } from '../../../src/contract/token';
import type { TokenPage } from '../../../src/contract/token-page';
import { KeySeal } from '../key-seal';
import { OPTION_DEFAULTS } from '../option-defaults';
import { keptSecret } from '../secret-file';
import { groupCommit } from './group-commit';
import { openDatabase, SERVICE_CACHE_KIB } from './database';
import { listReader } from './list-reader';
import { sqliteSummary } from './summary';
import { sqliteUsageReader, sqliteUsageSums } from './usage';
import { sqliteAdminKeys } from './admin-keys';
import { sqliteAudit } from './audit';
import { tokenStatements } from './token-statements';
import { sqliteTokenWrites } from './token-writes';
import { sqliteGatewayCalls } from './verify';
import { sqliteQuotaResets } from './quota-resets';
import { newTokenRecord, nowInSeconds, toToken } from '../token-record';
import type { TokenRecordInput } from '../ports/token-loading';
import type { TokenStore } from '../token-store';
import { nameGrams } from './name-grams';
import { fromRow, insertRow } from './token-row';

export interface SqliteStoreOptions {
  dataDir: string;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
  /** SQLite's page cache; bulk loads (the seed script) go faster with a larger one. */
  cacheKiB?: number;
  /** Seals the token keys (TOKENDESK_SECRET); absent, the data directory's secret file. */
  secret?: Buffer;
}

export function openSqliteStore(options: SqliteStoreOptions): TokenStore {
  const clock = options.now ?? nowInSeconds;
  const seal = new KeySeal(options.secret ?? keptSecret(options.dataDir));
  const db = openDatabase(options.dataDir, options.cacheKiB ?? SERVICE_CACHE_KIB, seal);
  const toRow = (record: TokenRecordInput) => insertRow(record, seal);

  const statements = tokenStatements(db);

  // Cheap insurance: a total drifted by a hand edit of the file is right again after a restart.
  statements.recount.run();

  const summarize = sqliteSummary(db);

  // This process's commits: what the tokens are, with data_version for other processes'.
  let commits = 0;
  const writes = groupCommit(db, () => (commits += 1));
  const resets = sqliteQuotaResets(db);
  const lists = listReader(db, { commits: () => commits, resetDue: resets.due });
  const addSum = sqliteUsageSums(db);
  const gateway = sqliteGatewayCalls(db, writes, resets, addSum, clock);
  const usageFigures = sqliteUsageReader(db);
  const auditLog = sqliteAudit(db);
  const adminKeys = sqliteAdminKeys(db, writes, auditLog, clock);
  const tokenWrites = sqliteTokenWrites({
    db,
    statements,
    writes,
    resets,
    auditLog,
    seal,
    clock,
  });

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

  // Building an index from sorted rows is several times faster than keeping it up with each row;
  // counting the tallies once afterwards, than a trigger's update for each row.
  const bulkInsertAll = db.transaction(
    (batches: Iterable<readonly TokenRecordInput[]>, onBatch?: (inserted: number) => void) => {
      const schema = statements.tokenIndexesAndTriggers.all();
      const before = statements.lastId.get() ?? 0;
      for (const { type, name } of schema) db.exec(`DROP ${type} "${name}"`);
      let inserted = 0;
      for (const batch of batches) {
        for (const record of batch) statements.insert.run(toRow(record));
        inserted += batch.length;
        onBatch?.(inserted);
      }
      for (const { sql } of schema) db.exec(sql);
      statements.rebuildNames.run();
      statements.indexGramsAfter.run(before);
      statements.addToTotal.run(inserted);
      statements.recountTallies.run();
      return inserted;
    },
  );

  /** Resets that fell due are written before anything reads the tokens (../quota-resets.ts). */
  const catchUp = async () => {
    const now = clock();
    if (resets.due(now)) await writes.run(() => resets.applyDue(now));
  };

  /** A page read in one transaction, which also finds whether a reset is due first. */
  const listJson = async (query: TokenListQuery): Promise<string> => {
    for (;;) {
      const now = clock();
      const page = lists.pageJson(query, now);
      if (page !== null) return page;
      await writes.run(() => resets.applyDue(now));
    }
  };

  return {
    async list(query) {
      return JSON.parse(await listJson(query)) as TokenPage;
    },

    listJson,

    async get(id) {
      await catchUp();
      const row = statements.byId.get(id);
      return row ? toToken(fromRow(row), clock(), row.key_masked) : null;
    },

    async create(input, audit) {
      const now = clock();
      const record = newTokenRecord(input, now);
      const id = await writes.run(() => {
        const id = insertOne(record);
        if (audit) {
          const after = toToken({ ...record, id }, now, maskKey(record.key));
          auditLog.write(audit, { action: 'token.create', token_id: id, before: null, after }, now);
        }
        return id;
      });
      return toToken({ ...record, id }, now, record.key);
    },

    update: tokenWrites.update,
    remove: tokenWrites.remove,
    removeMany: tokenWrites.removeMany,
    rotate: tokenWrites.rotate,
    reveal: tokenWrites.reveal,

    async summary(filter) {
      await catchUp();
      return summarize(filter, clock());
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

    async addAudit(batches) {
      await writes.run(() => {
        for (const rows of batches) auditLog.insert(rows);
      });
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

    async setOption(key, value, audit) {
      await tokenWrites.setOption(key, value, audit);
      return this.getOptions();
    },

    adminKeys: async () => adminKeys.list(),
    createAdminKey: (input, audit) => adminKeys.create(input, audit),
    revokeAdminKey: (id, audit) => adminKeys.revoke(id, audit),
    identifyAdminKey: (digest) => adminKeys.identify(digest),
    auditPage: async (query) => auditLog.page(query),

    async ping() {
      statements.ping.get();
    },

    now: () => clock(),

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
