import type pg from 'pg';
import type { FailureCounter } from '../failure-limiter';
import { postgresFailureCounter, type SharedFailureOptions } from './postgres-failure-counter';
import { OPTION_KEYS, type Option } from '../../src/contract/status';
import type { AuditContext } from '../../src/contract/audit';
import { TOKEN_ORDERS, type TokenListQuery } from '../../src/contract/token';
import { type TokenPage, type TokenSummary } from '../../src/contract/token-page';
import { KeySeal } from './key-seal';
import { connectPostgres } from './postgres-connection';
import { OPTION_DEFAULTS } from './option-defaults';
import { migratePostgres } from './postgres-migrations';
import { foldName } from './postgres-schema';
import {
  INSERT_COLUMNS,
  INSERT_MANY,
  Params,
  SELECT_RECORD,
  insertArrays,
  insertValues,
  summarySql,
  tokenJson,
  type TokenRow,
} from './postgres-sql';
import { loadWithoutIndexes } from './postgres-bulk-load';
import { readPageJson } from './postgres-list-reader';
import { PostgresNameSearches } from './postgres-name-searches';
import { PostgresOrderAnchors } from './postgres-order-anchors';
import { rotatePostgres } from './postgres-rotate';
import { postgresAdminKeys } from './postgres-admin-keys';
import { changesSomething } from './audit-entry';
import {
  auditOfCreateSql,
  auditOfRowsSql,
  auditOfRowsValues,
  tokenJsonAfterId,
  insertAuditRows,
  readAuditPage,
  writeAudit,
} from './postgres-audit';
import { addUsageSums, readPostgresUsage } from './postgres-usage';
import { postgresGatewayCalls } from './postgres-verify';
import { postgresQuotaResets } from './postgres-quota-resets';
import {
  enableRefusal,
  forbiddenAccessChange,
  newTokenRecord,
  nowInSeconds,
  patchedRecord,
  toToken,
} from './token-record';
import type { TokenRecordInput, TokenStore, UpdateResult } from './token-store';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections this process keeps open at most. */
  poolSize?: number;
  /** A statement running longer is cancelled (and its request fails). */
  statementTimeoutMs?: number;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
  /** TOKENDESK_SECRET: seals the token keys; every instance on the database has the same. */
  secret: Buffer;
}

/** Rows a single INSERT carries when many tokens are inserted at once. */
const INSERT_CHUNK = 2000;

export type PostgresStore = TokenStore & {
  /** Resolves once connected and migrated; rejects with why not. */
  ready: Promise<void>;
  /** Wrong admin keys counted in this database, shared by every instance on it. */
  failureCounter(options: SharedFailureOptions): FailureCounter;
};

/**
 * The store on PostgreSQL, for any number of instances on one database: every read asks the
 * database (nothing is kept in memory that another instance's write could make stale), every
 * write is one transaction, committed with synchronous_commit on before it is acknowledged.
 * Migrates in the background; every method waits for that first.
 */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const clock = options.now ?? nowInSeconds;
  const seal = new KeySeal(options.secret);
  const { pool, ready, query, transaction } = connectPostgres(options, (client) =>
    migratePostgres(client, seal),
  );

  const insertRecords = async (client: pg.PoolClient, records: readonly TokenRecordInput[]) => {
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      await client.query(
        INSERT_MANY,
        insertArrays(records.slice(start, start + INSERT_CHUNK), seal),
      );
    }
    return records.length;
  };

  const anchors = new PostgresOrderAnchors(query);
  const searches = new PostgresNameSearches();
  const adminKeys = postgresAdminKeys(query, transaction, clock);
  /** Deletes the tokens of `ids`, each with its audit record when `audit` is given: one statement. */
  const removeTokens = async (ids: readonly number[], audit?: AuditContext) => {
    // Refills that fell due first: the audit records each token as a read would show it.
    await catchUp();
    if (!audit) {
      const { rowCount } = await query('DELETE FROM tokens WHERE id = ANY($1::bigint[])', [
        [...ids],
      ]);
      return rowCount ?? 0;
    }
    const now = clock();
    const { rows } = await query<{ removed: number }>(
      `WITH source AS (DELETE FROM tokens WHERE id = ANY($1::bigint[]) RETURNING *),
        recorded AS (${auditOfRowsSql('token.delete', tokenJson('$2'), 2)} RETURNING 1)
      SELECT count(*)::int AS removed FROM recorded`,
      [[...ids], ...auditOfRowsValues(audit, now)],
    );
    return rows[0]?.removed ?? 0;
  };
  const catchUp = postgresQuotaResets(query, clock);
  const gateway = postgresGatewayCalls(query, transaction, catchUp, clock);
  // One snapshot for the total and the page, so they agree while other instances write.
  const pageJson = async (listQuery: TokenListQuery) => {
    await catchUp();
    return transaction(
      (client) => readPageJson(client, listQuery, clock(), anchors, searches),
      'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    );
  };

  return {
    ready,

    async list(listQuery) {
      return JSON.parse(await pageJson(listQuery)) as TokenPage;
    },

    listJson: pageJson,

    async get(id) {
      await catchUp();
      const { rows } = await query<TokenRow>(`SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? toToken(rows[0], clock(), rows[0].key_masked) : null;
    },

    async create(input, audit) {
      const now = clock();
      const record = newTokenRecord(input, now);
      const insert = `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')})
          VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`;
      const values = insertValues(record, seal);
      // With its audit record, still one statement (one round trip).
      const { rows } = await query<{ id: number }>(
        audit
          ? `WITH source AS (${insert}), recorded AS (${auditOfCreateSql(values.length + 1)})
            SELECT id FROM source`
          : insert,
        audit
          ? [...values, ...auditOfRowsValues(audit, now), tokenJsonAfterId(record, now)]
          : values,
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('the insert returned no id');
      return toToken({ ...record, id }, now, record.key);
    },

    async update(patch, audit) {
      const now = clock();
      await catchUp(now);
      // The row stays locked from the read to the commit: concurrent updates of one token
      // apply one after another, each to the whole result of the one before.
      return transaction(async (client): Promise<UpdateResult> => {
        const { rows } = await client.query<TokenRow>(
          `SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1 FOR UPDATE`,
          [patch.id],
        );
        const stored = rows[0];
        if (!stored) return { outcome: 'not_found' };
        const forbidden = forbiddenAccessChange(stored, patch, audit);
        if (forbidden) return { outcome: 'forbidden', field: forbidden };
        const next = patchedRecord(stored, patch, now);
        // Only switching a disabled token on is refused.
        if (patch.status === 1 && stored.status === 2) {
          const refusal = enableRefusal(next, now);
          if (refusal) return { outcome: 'refused', reason: refusal };
        }
        await client.query(
          `UPDATE tokens SET name = $2, name_folded = $3, status = $4, remain_quota = $5,
            unlimited_quota = $6, expired_time = $7, models = $8, subnet = $9,
            quota_reset_period = $10, quota_reset_amount = $11, next_reset_time = $12,
            rpm_limit = $13
          WHERE id = $1`,
          [
            next.id,
            next.name,
            foldName(next.name),
            next.status,
            next.remain_quota,
            next.unlimited_quota,
            next.expired_time,
            next.models,
            next.subnet,
            next.quota_reset_period,
            next.quota_reset_amount,
            next.next_reset_time,
            next.rpm_limit,
          ],
        );
        const token = toToken(next, now, next.key_masked);
        const entry = {
          action: 'token.update' as const,
          token_id: stored.id,
          before: toToken(stored, now, stored.key_masked),
          after: token,
        };
        if (audit && changesSomething(entry)) await writeAudit(client, audit, entry, now);
        return { outcome: 'updated', token };
      });
    },

    async remove(id, audit) {
      return (await removeTokens([id], audit)) > 0;
    },

    removeMany: removeTokens,

    async summary(filter) {
      await catchUp();
      const params = new Params(clock());
      const { rows } = await query<Omit<TokenSummary, 'enabled'>>(
        summarySql(filter, params),
        params.values,
      );
      const counts = rows[0];
      if (!counts) throw new Error('the summary query returned no row');
      return {
        ...counts,
        enabled: counts.total - counts.disabled - counts.expired - counts.exhausted,
      };
    },

    async reveal(id, audit) {
      if (audit) await catchUp();
      // With its audit record, one statement: the record is written before the key is handed out.
      const { rows } = await query<{ key_sealed: Buffer }>(
        audit
          ? `WITH source AS (SELECT * FROM tokens WHERE id = $1),
              recorded AS (${auditOfRowsSql('token.reveal', tokenJson('$2'), 2)})
            SELECT key_sealed FROM source`
          : 'SELECT key_sealed FROM tokens WHERE id = $1',
        audit ? [id, ...auditOfRowsValues(audit, clock())] : [id],
      );
      return rows[0] ? seal.open(rows[0].key_sealed) : null;
    },

    async insertMany(tokens) {
      return transaction((client) => insertRecords(client, tokens));
    },

    async insertManyIfEmpty(tokens) {
      return transaction(async (client) => {
        // Blocks other writers (not readers) until the commit, so two instances cannot both
        // find the table empty and both insert.
        await client.query('LOCK TABLE tokens IN SHARE ROW EXCLUSIVE MODE');
        const { rows } = await client.query('SELECT 1 FROM tokens LIMIT 1');
        return rows.length > 0 ? 0 : insertRecords(client, tokens);
      });
    },

    async bulkInsert(batches, onBatch) {
      const inserted = await transaction((client) =>
        loadWithoutIndexes(client, batches, (batch) => insertRecords(client, batch), onBatch),
      );
      // Fresh statistics for the planner, and the visibility map that lets a deep page skip
      // rows in the index alone, without waiting for autovacuum.
      await query('VACUUM (ANALYZE) tokens');
      for (const field of TOKEN_ORDERS) {
        await transaction(
          (client) => anchors.prepare(client, field),
          'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
        );
      }
      return inserted;
    },

    async addAudit(batches) {
      await transaction(async (client) => {
        for (const rows of batches) await insertAuditRows(client, rows);
      });
      // As after a bulk load of tokens: statistics for the planner, and the visibility map that
      // lets a deep page or a count skip records in an index alone, without waiting for autovacuum.
      await query('VACUUM (ANALYZE) audit');
    },

    async addUsage(sums) {
      await transaction((client) => addUsageSums(client, sums));
    },

    async getOptions() {
      const { rows } = await query<Option>('SELECT key, value FROM options');
      const stored = new Map(rows.map((option) => [option.key, option.value]));
      return OPTION_KEYS.map((key) => ({ key, value: stored.get(key) ?? OPTION_DEFAULTS[key] }));
    },

    async setOption(key, value, audit) {
      await transaction(async (client) => {
        const { rows } = await client.query<Option>(
          'SELECT key, value FROM options WHERE key = $1 FOR UPDATE',
          [key],
        );
        await client.query(
          'INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, value],
        );
        const before = rows[0] ?? { key, value: OPTION_DEFAULTS[key] };
        const entry = {
          action: 'option.update' as const,
          token_id: null,
          before,
          after: { key, value },
        };
        if (audit && changesSomething(entry)) await writeAudit(client, audit, entry, clock());
      });
      return this.getOptions();
    },

    adminKeys: () => adminKeys.list(),
    createAdminKey: (input, audit) => adminKeys.create(input, audit),
    revokeAdminKey: (id, audit) => adminKeys.revoke(id, audit),
    identifyAdminKey: (digest) => adminKeys.identify(digest),
    auditPage: (auditQuery) =>
      transaction(
        (client) => readAuditPage(client, auditQuery),
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      ),

    async ping() {
      await query('SELECT 1');
    },

    failureCounter: (counterOptions) => postgresFailureCounter(query, counterOptions),

    now: () => clock(),
    async rotate(id, graceSeconds, audit) {
      const now = clock();
      await catchUp(now);
      if (!audit) return rotatePostgres(query, seal, id, graceSeconds, now);
      return transaction(async (client) => {
        const { rows } = await client.query<TokenRow>(
          `SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const stored = rows[0];
        if (!stored) return null;
        const rotated = await rotatePostgres(
          (sql, values) => client.query(sql, values),
          seal,
          id,
          graceSeconds,
          now,
        );
        if (rotated) {
          const before = toToken(stored, now, stored.key_masked);
          await writeAudit(
            client,
            audit,
            { action: 'token.rotate', token_id: id, before, after: rotated.token },
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
      // This instance's own latest verifies are in the figures it answers.
      await gateway.flushUsage();
      // One snapshot for every read of the answer, so its parts agree while instances write.
      return transaction(
        (client) => readPostgresUsage((sql, values) => client.query(sql, values), range, tokenId),
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      );
    },

    async close() {
      await ready.catch(() => {});
      await gateway.close().catch(() => {});
      await pool.end();
    },
  };
}

/** Connects and migrates; rejects with why it cannot. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const store = createPostgresStore(options);
  try {
    await store.ready;
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
