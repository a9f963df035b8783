import { join } from 'node:path';
import type { TokenListQuery } from '../../../src/contract/token';
import type { TokenPage } from '../../../src/contract/token-page';
import { adminKeyPort } from '../admin-key-record';
import { KeySeal } from '../key-seal';
import { withDefaults } from '../option-defaults';
import { keptSecret } from '../secret-file';
import { nowInSeconds, toToken } from '../token-record';
import type { TokenStore } from '../token-store';
import { usagePort } from '../usage-read';
import { sqliteAdminKeys } from './admin-keys';
import { sqliteAudit } from './audit';
import { backgroundCheckpoints } from './background-checkpoints';
import { DATABASE_FILE, openDatabase, SERVICE_CACHE_KIB } from './database';
import { groupCommit } from './group-commit';
import { listReader } from './list-reader';
import { sqliteModels } from './models';
import { sqliteQuotaResets } from './quota-resets';
import { sqliteSummary } from './summary';
import { tokenInserts } from './token-inserts';
import { fromRow } from './token-row';
import { tokenStatements } from './token-statements';
import { sqliteTokenWrites } from './token-writes';
import { sqliteUsageReader, sqliteUsageSums } from './usage';
import { modelsState, othersCommits, tokensState } from './tokens-state';
import { sqliteGatewayCalls } from './verify';
import { sqliteWebhookEndpoints } from './webhook-endpoints';
import { sqliteWebhookOutbox } from './webhook-outbox';

export interface SqliteStoreOptions {
  dataDir: string;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
  /** SQLite's page cache; bulk loads (the seed script) go faster with a larger one. */
  cacheKiB?: number;
  /** Seals the token keys (TOKENDESK_SECRET); absent, the data directory's secret file. */
  secret?: Buffer;
  /**
   * Copies the write-ahead log into the database on a thread of its own (background-checkpoints.ts),
   * so that no request waits for it. The service turns it on; scripts and most tests need not.
   */
  backgroundCheckpoints?: boolean;
}

export function openSqliteStore(options: SqliteStoreOptions): TokenStore {
  const clock = options.now ?? nowInSeconds;
  const seal = new KeySeal(options.secret ?? keptSecret(options.dataDir));
  const db = openDatabase(options.dataDir, options.cacheKiB ?? SERVICE_CACHE_KIB, seal);
  const checkpoints = options.backgroundCheckpoints
    ? backgroundCheckpoints(db, join(options.dataDir, DATABASE_FILE))
    : null;

  const statements = tokenStatements(db);

  // Cheap insurance: a total drifted by a hand edit of the file is right again after a restart.
  statements.recount.run();

  const summarize = sqliteSummary(db);

  // This process's commits: what the tokens are, with data_version for other processes'.
  let commits = 0;
  const writes = groupCommit(db, () => (commits += 1));
  const resets = sqliteQuotaResets(db);
  const others = othersCommits(db);
  const state = tokensState(() => commits, others);
  const models = modelsState(others);
  const lists = listReader(db, { state: state.exact, resetDue: resets.due });
  const addSum = sqliteUsageSums(db);
  const { close: closeGateway, ...gateway } = sqliteGatewayCalls(
    db,
    writes,
    resets,
    addSum,
    clock,
    state.recent,
  );
  const auditLog = sqliteAudit(db);
  const inserts = tokenInserts(db, statements, seal);
  const tokenWrites = sqliteTokenWrites({
    db,
    statements,
    inserts,
    writes,
    resets,
    auditLog,
    seal,
    clock,
    optionChanged: models.changed,
  });

  const readOptions = () => withDefaults(statements.options.all());

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

    create: tokenWrites.create,
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
      return writes.run(() => inserts.all(tokens));
    },

    async insertManyIfEmpty(tokens) {
      // One write transaction: another process's insert is either before it (seen) or after.
      return writes.run(() => (statements.total.get()!.total > 0 ? 0 : inserts.all(tokens)));
    },

    async bulkInsert(batches, onBatch) {
      return writes.run(() => inserts.bulk(batches, onBatch));
    },

    ...gateway,

    ...sqliteModels(db, writes, auditLog, seal, clock, models),

    ...usagePort(gateway.flushUsage, sqliteUsageReader(db), async (batches) => {
      await writes.run(() => {
        for (const sums of batches) for (const sum of sums) addSum(sum);
      });
    }),

    ...adminKeyPort(sqliteAdminKeys(db, writes, auditLog, clock), clock),

    ...sqliteWebhookEndpoints(db, writes, auditLog, seal, clock),
    ...sqliteWebhookOutbox(db, writes, auditLog, resets, seal),

    auditPage: async (query) => auditLog.page(query),

    async addAudit(batches) {
      await writes.run(() =>
        auditLog.withoutEvents(() => {
          for (const rows of batches) auditLog.insert(rows);
        }),
      );
    },

    getOptions: async () => readOptions(),

    async setOption(key, value, audit) {
      await tokenWrites.setOption(key, value, audit);
      return readOptions();
    },

    now: () => clock(),

    async ping() {
      statements.ping.get();
    },

    async close() {
      closeGateway();
      writes.flush();
      // First, so that the service's connection is the last and leaves no log behind.
      await checkpoints?.stop();
      db.close();
    },
  };
}
