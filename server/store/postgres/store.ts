import type pg from 'pg';
import type { FailureCounter } from '../../failure-limiter';
import { postgresFailureCounter, type SharedFailureOptions } from './failure-counter';
import type { Option } from '../../../src/contract/status';
import { TOKEN_ORDERS, type TokenListQuery } from '../../../src/contract/token';
import { type TokenPage, type TokenSummary } from '../../../src/contract/token-page';
import { KeySeal } from '../key-seal';
import { connectPostgres } from './connection';
import { withDefaults } from '../option-defaults';
import { migratePostgres } from './migrations';
import { INSERT_MANY, Params, SELECT_RECORD, insertArrays, summarySql, type TokenRow } from './sql';
import { loadWithoutIndexes } from './bulk-load';
import { readPageJson } from './list-reader';
import { PostgresNameSearches } from './name-searches';
import { PostgresOrderAnchors } from './order-anchors';
import { postgresAdminKeys } from './admin-keys';
import { adminKeyPort } from '../admin-key-record';
import { postgresTokenWrites } from './token-writes';
import { insertAuditRows, readAuditPage } from './audit';
import { addUsageSums, readPostgresUsage } from './usage';
import { postgresGatewayCalls } from './verify';
import { postgresWebhookEndpoints } from './webhook-endpoints';
import { postgresWebhookOutbox } from './webhook-outbox';
import { postgresModels } from './models';
import { postgresQuotaResets } from './quota-resets';
import { readUnfilteredSummary } from './token-tallies';
import { nowInSeconds, toToken } from '../token-record';
import { usagePort } from '../usage-read';
import type { TokenRecordInput } from '../ports/token-loading';
import type { TokenStore } from '../token-store';

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
  const catchUp = postgresQuotaResets(query, clock);
  const writes = postgresTokenWrites({ query, transaction, seal, clock, catchUp });
  const { close: closeGateway, ...gateway } = postgresGatewayCalls(
    query,
    transaction,
    catchUp,
    clock,
  );
  const readOptions = async () =>
    withDefaults((await query<Option>('SELECT key, value FROM options')).rows);
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
    create: writes.create,
    update: writes.update,
    remove: writes.remove,
    removeMany: writes.removeMany,
    reveal: writes.reveal,
    rotate: writes.rotate,

    async get(id) {
      await catchUp();
      const { rows } = await query<TokenRow>(`SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? toToken(rows[0], clock(), rows[0].key_masked) : null;
    },

    async summary(filter) {
      await catchUp();
      const now = clock();
      const params = new Params(now);
      const sql = summarySql(filter, params);
      const counts =
        sql === null
          ? await readUnfilteredSummary(transaction, now)
          : (await query<Omit<TokenSummary, 'enabled'>>(sql, params.values)).rows[0];
      if (!counts) throw new Error('the summary query returned no row');
      return {
        ...counts,
        enabled: counts.total - counts.disabled - counts.expired - counts.exhausted,
      };
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
        // A past loaded into the audit is not news to send (webhook-schema.ts).
        await client.query("SET LOCAL tokendesk.loading = 'on'");
        for (const rows of batches) await insertAuditRows(client, rows);
      });
      // As after a bulk load of tokens: statistics for the planner, and the visibility map that
      // lets a deep page or a count skip records in an index alone, without waiting for autovacuum.
      await query('VACUUM (ANALYZE) audit');
    },

    getOptions: readOptions,

    async setOption(key, value, audit) {
      await writes.setOption(key, value, audit);
      return readOptions();
    },

    ...adminKeyPort(postgresAdminKeys(query, transaction, clock), clock),
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

    ...gateway,

    ...postgresModels(query, transaction, seal, clock),

    ...postgresWebhookEndpoints(query, transaction, seal, clock),
    ...postgresWebhookOutbox(query, transaction, catchUp, seal),

    ...usagePort(
      gateway.flushUsage,
      // One snapshot for every read of the answer, so its parts agree while instances write.
      (range, tokenId) =>
        transaction(
          (client) => readPostgresUsage((sql, values) => client.query(sql, values), range, tokenId),
          'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
        ),
      async (batches) => {
        await transaction(async (client) => {
          for (const sums of batches) await addUsageSums(client, sums);
        });
        // As after a bulk load of tokens: statistics for the planner, and the visibility map that
        // lets the days' rankings and a token's days be read from their indexes alone, without
        // waiting for autovacuum.
        await query(
          'VACUUM (ANALYZE) usage_hours, usage_totals, usage_days, usage_total_days, usage_token_days',
        );
      },
    ),

    async close() {
      await ready.catch(() => {});
      await closeGateway().catch(() => {});
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
