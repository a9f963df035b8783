import { OPTION_KEYS } from '../../src/contract/status';
import type { Option } from '../../src/contract/status';
import type { AuditContext } from '../../src/contract/audit';
import { maskKey, type TokenUpdate } from '../../src/contract/token';
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
import { sqliteAdminKeys } from './sqlite-admin-keys';
import { sqliteAudit } from './sqlite-audit';
import { changesSomething } from './audit-entry';
import { sqliteGatewayCalls } from './sqlite-verify';
import { sqliteQuotaResets } from './sqlite-quota-resets';
import {
  enableRefusal,
  forbiddenAccessChange,
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

export function openSqliteStore(options: SqliteStoreOptions): TokenStore {
  const clock = options.now ?? nowInSeconds;
  const seal = new KeySeal(options.secret ?? keptSecret(options.dataDir));
  const db = openDatabase(options.dataDir, options.cacheKiB ?? SERVICE_CACHE_KIB, seal);
  const toRow = (record: TokenRecordInput) => insertRow(record, seal);

  const statements = {
    byId: db.prepare<[number], TokenRow>(
      `SELECT id, ${FIELD_COLUMNS.join(', ')}, key_masked FROM tokens WHERE id = ?`,
    ),
    sealedById: db.prepare<[number], TokenRow & { key_sealed: Buffer }>(
      `SELECT id, ${FIELD_COLUMNS.join(', ')}, key_masked, key_sealed FROM tokens WHERE id = ?`,
    ),
    insert: db.prepare<[InsertRow]>(
      `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')})`,
    ),
    update: db.prepare<[TokenRow]>(
      `UPDATE tokens SET ${FIELD_COLUMNS.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`,
    ),
    // The deleted rows whole: the audit records what each was.
    remove: db.prepare<[number], TokenRow>(
      `DELETE FROM tokens WHERE id = ? RETURNING id, ${FIELD_COLUMNS.join(', ')}, key_masked`,
    ),
    removeMany: db.prepare<[string], TokenRow>(
      `DELETE FROM tokens WHERE id IN (SELECT value FROM json_each(?)) RETURNING id, ${FIELD_COLUMNS.join(', ')}, key_masked`,
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
    option: db.prepare<[string], string>('SELECT value FROM options WHERE key = ?').pluck(),
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
  const auditLog = sqliteAudit(db);
  const adminKeys = sqliteAdminKeys(db, writes, auditLog, clock);
  const tokenOf = (row: TokenRow, now: number) => toToken(fromRow(row), now, row.key_masked);

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

  const removeRows = db.transaction((rows: () => TokenRow[], audit?: AuditContext) => {
    const removed = rows();
    const now = clock();
    for (const row of removed) {
      statements.forgetName.run(row.id, row.name);
      statements.forgetGrams.run(row.id);
      if (audit) {
        auditLog.write(
          audit,
          { action: 'token.delete', token_id: row.id, before: tokenOf(row, now), after: null },
          now,
        );
      }
    }
    statements.addToTotal.run(-removed.length);
    return removed.length;
  });

  const applyUpdate = db.transaction(
    (patch: TokenUpdate, now: number, audit?: AuditContext): UpdateResult => {
      const row = statements.byId.get(patch.id);
      if (!row) return { outcome: 'not_found' };
      const stored = fromRow(row);
      const forbidden = forbiddenAccessChange(stored, patch, audit);
      if (forbidden) return { outcome: 'forbidden', field: forbidden };
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
      const token = toToken(next, now, next.key_masked);
      const entry = {
        action: 'token.update' as const,
        token_id: row.id,
        before: tokenOf(row, now),
        after: token,
      };
      if (audit && changesSomething(entry)) auditLog.write(audit, entry, now);
      return { outcome: 'updated', token };
    },
  );

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

    async update(patch, audit) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return applyUpdate(patch, now, audit);
      });
    },

    async remove(id, audit) {
      const now = clock();
      const removed = await writes.run(() => {
        // Refills that fell due first: the audit records each token as a read would show it.
        resets.applyDue(now);
        return removeRows(() => statements.remove.all(id), audit);
      });
      return removed > 0;
    },

    async removeMany(ids, audit) {
      const list = JSON.stringify(ids);
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return removeRows(() => statements.removeMany.all(list), audit);
      });
    },

    async summary(filter) {
      await catchUp();
      return summarize(filter, clock());
    },

    async reveal(id, audit) {
      const reveal = () => {
        const row = statements.sealedById.get(id);
        if (!row) return null;
        if (audit) {
          const now = clock();
          const token = tokenOf(row, now);
          auditLog.write(
            audit,
            { action: 'token.reveal', token_id: id, before: token, after: token },
            now,
          );
        }
        return seal.open(row.key_sealed);
      };
      // A reveal is recorded, and so written, before the key is handed out; with refills that
      // fell due applied first, as a read would show the token.
      const now = clock();
      return audit
        ? writes.run(() => {
            resets.applyDue(now);
            return reveal();
          })
        : reveal();
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
      const now = clock();
      await writes.run(() => {
        // Read in the write's transaction: the value this change replaces.
        const before = { key, value: statements.option.get(key) ?? OPTION_DEFAULTS[key] };
        statements.setOption.run(key, value);
        const entry = {
          action: 'option.update' as const,
          token_id: null,
          before,
          after: { key, value },
        };
        if (audit && changesSomething(entry)) auditLog.write(audit, entry, now);
      });
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

    async rotate(id, graceSeconds, audit) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        const before = statements.byId.get(id);
        const rotated = rotation(id, graceSeconds, now);
        if (rotated && before && audit) {
          auditLog.write(
            audit,
            {
              action: 'token.rotate',
              token_id: id,
              before: tokenOf(before, now),
              after: rotated.token,
            },
            now,
          );
        }
        return rotated;
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
