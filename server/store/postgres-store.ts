import pg from 'pg';
import type { FailureCounter } from '../failure-limiter';
import { postgresFailureCounter, type SharedFailureOptions } from './postgres-failure-counter';
import { OPTION_KEYS } from '../../src/contract/status';
import type { Option } from '../../src/contract/status';
import {
  normalizeKey,
  type TokenListQuery,
  type TokenOrder,
  type TokenPage,
  type TokenStatusCode,
  type TokenSummary,
  type TokenUpdate,
} from '../../src/contract/token';
import { OPTION_DEFAULTS } from './option-defaults';
import { PG_ORDER_COLUMNS, foldName, migratePostgres } from './postgres-schema';
import {
  enableRefusal,
  generateTokenKey,
  nowInSeconds,
  toToken,
  type TokenRecord,
} from './token-record';
import type { TokenFilterQuery, TokenRecordInput, TokenStore, UpdateResult } from './token-store';

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections this process keeps open at most. */
  poolSize?: number;
  /** A statement running longer is cancelled (and its request fails). */
  statementTimeoutMs?: number;
  /** Unix seconds; tests of expiry pass their own clock. */
  now?: () => number;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** Waiting longer for a connection (the server down or every connection busy) fails the request. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Rows a single INSERT carries when many tokens are inserted at once. */
const INSERT_CHUNK = 2000;

const INT8_OID = 20;
/**
 * 64-bit integers as JavaScript numbers: ids, quotas (at most 10^15) and counts are all below
 * 2^53, so none loses a digit.
 */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text'),
} as pg.CustomTypesConfig;

/** A row as selected: every stored field of a token. */
type TokenRow = TokenRecord;

const RECORD_COLUMNS = [
  'name',
  'key',
  'status',
  'remain_quota',
  'used_quota',
  'unlimited_quota',
  'expired_time',
  'created_time',
  'accessed_time',
  'models',
  'subnet',
] as const;
const COLUMN_TYPES: Record<(typeof RECORD_COLUMNS)[number] | 'name_folded', string> = {
  name: 'text',
  name_folded: 'text',
  key: 'text',
  status: 'smallint',
  remain_quota: 'bigint',
  used_quota: 'bigint',
  unlimited_quota: 'boolean',
  expired_time: 'bigint',
  created_time: 'bigint',
  accessed_time: 'bigint',
  models: 'text',
  subnet: 'text',
};
const INSERT_COLUMNS = [...RECORD_COLUMNS, 'name_folded'] as const;
const SELECT_RECORD = `id, ${RECORD_COLUMNS.join(', ')}`;

/** Many rows in one statement: one array parameter per column. */
const INSERT_MANY = `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')})
  SELECT * FROM unnest(${INSERT_COLUMNS.map((column, index) => `$${index + 1}::${COLUMN_TYPES[column]}[]`).join(', ')})`;

/**
 * A token as JSON text, made by PostgreSQL. Mirrors toToken() in token-record.ts with the key
 * masked (maskKey), the fields in the contract's order; `now` is the request's clock.
 */
const tokenJson = (now: string) => `json_build_object(
  'id', id,
  'name', name,
  'key', substr(key, 1, 4) || '**********' || right(key, 4),
  'status', CASE
    WHEN status = 2 THEN 2
    WHEN expired_time <> -1 AND expired_time <= ${now} THEN 3
    WHEN NOT unlimited_quota AND remain_quota <= 0 THEN 4
    ELSE 1 END,
  'remain_quota', remain_quota,
  'used_quota', used_quota,
  'unlimited_quota', unlimited_quota,
  'expired_time', expired_time,
  'created_time', created_time,
  'accessed_time', accessed_time,
  'models', models,
  'subnet', subnet)::text`;

/** The returned status as SQL, mirroring returnedStatus() in src/contract/token-status.ts. */
const statusCondition = (status: TokenStatusCode, params: Params): string => {
  if (status === 2) return 'status = 2';
  const now = params.now;
  const notExpired = `(expired_time = -1 OR expired_time > ${now})`;
  switch (status) {
    case 1:
      return `status = 1 AND ${notExpired} AND (unlimited_quota OR remain_quota > 0)`;
    case 3:
      return `status = 1 AND expired_time <> -1 AND expired_time <= ${now}`;
    case 4:
      return `status = 1 AND ${notExpired} AND NOT unlimited_quota AND remain_quota <= 0`;
  }
};

/** Ties are broken by id in the order's direction, so paging is stable. */
function orderBy(order: TokenOrder, reverse: boolean): string {
  const descending = order.startsWith('-') !== reverse;
  const field = order.replace(/^-/, '');
  const direction = descending ? 'DESC' : 'ASC';
  if (field === 'id') return `id ${direction}`;
  const column = PG_ORDER_COLUMNS[field as keyof typeof PG_ORDER_COLUMNS];
  return `${column} ${direction}, id ${direction}`;
}

/**
 * Positional parameters, numbered as they are added. The request's clock is added once, when
 * first used: PostgreSQL refuses a parameter the statement does not use.
 */
class Params {
  readonly values: unknown[] = [];
  private nowParam: string | undefined;
  constructor(private readonly nowValue: number) {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  get now(): string {
    this.nowParam ??= this.add(this.nowValue);
    return this.nowParam;
  }
}

/** The WHERE clause of the filters a list and a summary share. */
function tokenFilter(
  query: TokenFilterQuery & { status?: TokenStatusCode },
  params: Params,
): string {
  const conditions: string[] = [];
  const key = normalizeKey(query.token);
  const keyword = query.keyword.trim();
  // PostgreSQL text cannot hold NUL, and no name or key does: nothing matches.
  if (key.includes('\0') || keyword.includes('\0')) return 'WHERE false';
  if (key !== '') conditions.push(`key = ${params.add(key)}`);
  if (keyword !== '') {
    const pattern = `%${foldName(keyword).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(`name_folded LIKE ${params.add(pattern)}`);
  }
  if (query.status !== undefined) {
    conditions.push(`(${statusCondition(query.status, params)})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

function insertArrays(records: readonly TokenRecordInput[]): unknown[][] {
  return INSERT_COLUMNS.map((column) =>
    records.map((record) => (column === 'name_folded' ? foldName(record.name) : record[column])),
  );
}

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
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Acknowledged means on disk, whatever the server's default.
    options: '-c synchronous_commit=on',
    application_name: 'tokendesk',
    types,
  });
  // An idle connection the server drops (a restart) must not end the process; the next query
  // opens a new one.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));

  const ready = (async () => {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  })();
  ready.catch(() => {});

  const query = async <R extends pg.QueryResultRow>(sql: string, values?: unknown[]) => {
    await ready;
    return pool.query<R>(sql, values);
  };

  /** Runs `work` in one transaction on one connection; rolls back if it throws. */
  const transaction = async <T>(
    work: (client: pg.PoolClient) => Promise<T>,
    begin = 'BEGIN',
  ): Promise<T> => {
    await ready;
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // Not back into the pool: the connection may be the reason it failed.
      client.release(true);
      throw error;
    }
  };

  const insertRecords = async (client: pg.PoolClient, records: readonly TokenRecordInput[]) => {
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      await client.query(INSERT_MANY, insertArrays(records.slice(start, start + INSERT_CHUNK)));
    }
    return records.length;
  };

  const pageJson = async (listQuery: TokenListQuery): Promise<string> => {
    const now = clock();
    const limit = listQuery.size;
    const offset = (listQuery.p - 1) * limit;
    // One snapshot for the total and the page, so they agree while other instances write.
    const { total, rows } = await transaction(async (client) => {
      const countParams = new Params(now);
      const filter = tokenFilter(listQuery, countParams);
      const counted = await client.query<{ total: number }>(
        filter === ''
          ? 'SELECT sum(total)::bigint AS total FROM token_count'
          : `SELECT count(*) AS total FROM tokens ${filter}`,
        countParams.values,
      );
      const total = counted.rows[0]?.total ?? 0;
      if (offset >= total) return { total, rows: [] as string[] };
      // A page in the back half is read from the end, in the reverse order, skipping fewer rows.
      const after = total - offset - limit;
      const fromEnd = after < offset;
      const pageParams = new Params(now);
      const where = tokenFilter(listQuery, pageParams);
      const limitParam = pageParams.add(fromEnd ? Math.min(limit, total - offset) : limit);
      const offsetParam = pageParams.add(fromEnd ? Math.max(0, after) : offset);
      // OFFSET computes the select list of every row it skips: the rows are found by id first,
      // and only the page's are made into JSON.
      const order = orderBy(listQuery.order, fromEnd);
      const page = await client.query<{ token: string }>(
        `SELECT ${tokenJson(pageParams.now)} AS token FROM tokens
          WHERE id IN (SELECT id FROM tokens ${where}
            ORDER BY ${order} LIMIT ${limitParam} OFFSET ${offsetParam})
          ORDER BY ${order}`,
        pageParams.values,
      );
      const tokens = page.rows.map((row) => row.token);
      return { total, rows: fromEnd ? tokens.reverse() : tokens };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return `{"items":[${rows.join(',')}],"total":${total},"page":${listQuery.p},"page_size":${listQuery.size}}`;
  };

  return {
    ready,

    async list(listQuery) {
      return JSON.parse(await pageJson(listQuery)) as TokenPage;
    },

    listJson: pageJson,

    async get(id) {
      const { rows } = await query<TokenRow>(`SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? toToken(rows[0], clock(), 'masked') : null;
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
      const params = new Params(now);
      const values = INSERT_COLUMNS.map((column) =>
        params.add(column === 'name_folded' ? foldName(record.name) : record[column]),
      );
      const { rows } = await query<{ id: number }>(
        `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')}) VALUES (${values.join(', ')}) RETURNING id`,
        params.values,
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('the insert returned no id');
      return toToken({ ...record, id }, now, 'whole');
    },

    async update(patch) {
      const now = clock();
      // The row stays locked from the read to the commit: concurrent updates of one token
      // apply one after another, each to the whole result of the one before.
      return transaction(async (client): Promise<UpdateResult> => {
        const { rows } = await client.query<TokenRow>(
          `SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1 FOR UPDATE`,
          [patch.id],
        );
        const stored = rows[0];
        if (!stored) return { outcome: 'not_found' };
        const next: TokenRecord = { ...stored, ...definedFields(patch) };
        // Only switching a disabled token on is refused.
        if (patch.status === 1 && stored.status === 2) {
          const refusal = enableRefusal(next, now);
          if (refusal) return { outcome: 'refused', reason: refusal };
        }
        await client.query(
          `UPDATE tokens SET name = $2, name_folded = $3, status = $4, remain_quota = $5,
            unlimited_quota = $6, expired_time = $7, models = $8, subnet = $9 WHERE id = $1`,
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
          ],
        );
        return { outcome: 'updated', token: toToken(next, now, 'masked') };
      });
    },

    async remove(id) {
      const { rowCount } = await query('DELETE FROM tokens WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },

    async removeMany(ids) {
      const { rowCount } = await query('DELETE FROM tokens WHERE id = ANY($1::bigint[])', [
        [...ids],
      ]);
      return rowCount ?? 0;
    },

    async summary(filter) {
      const params = new Params(clock());
      const now = params.now;
      const notExpired = `NOT (expired_time <> -1 AND expired_time <= ${now})`;
      const { rows } = await query<Omit<TokenSummary, 'enabled'>>(
        `SELECT count(*) AS total,
          count(*) FILTER (WHERE status = 2) AS disabled,
          count(*) FILTER (WHERE status = 1 AND expired_time <> -1 AND expired_time <= ${now}) AS expired,
          count(*) FILTER (WHERE status = 1 AND ${notExpired} AND NOT unlimited_quota AND remain_quota <= 0) AS exhausted,
          count(*) FILTER (WHERE unlimited_quota) AS unlimited,
          coalesce(sum(remain_quota) FILTER (WHERE NOT unlimited_quota), 0)::float8 AS remain_quota
        FROM tokens ${tokenFilter(filter, params)}`,
        params.values,
      );
      const counts = rows[0];
      if (!counts) throw new Error('the summary query returned no row');
      return {
        ...counts,
        enabled: counts.total - counts.disabled - counts.expired - counts.exhausted,
      };
    },

    async reveal(id) {
      const { rows } = await query<{ key: string }>('SELECT key FROM tokens WHERE id = $1', [id]);
      return rows[0]?.key ?? null;
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
      const inserted = await transaction(async (client) => {
        let count = 0;
        for (const batch of batches) {
          count += await insertRecords(client, batch);
          onBatch?.(count);
        }
        return count;
      });
      // Fresh statistics for the planner, and the visibility map that lets a deep page skip
      // rows in the index alone, without waiting for autovacuum.
      await query('VACUUM (ANALYZE) tokens');
      return inserted;
    },

    async getOptions() {
      const { rows } = await query<Option>('SELECT key, value FROM options');
      const stored = new Map(rows.map((option) => [option.key, option.value]));
      return OPTION_KEYS.map((key) => ({ key, value: stored.get(key) ?? OPTION_DEFAULTS[key] }));
    },

    async setOption(key, value) {
      await query(
        'INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
      return this.getOptions();
    },

    async ping() {
      await query('SELECT 1');
    },

    failureCounter: (counterOptions) => postgresFailureCounter(query, counterOptions),

    async close() {
      await ready.catch(() => {});
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

/** Only the fields the patch carries, so the rest keep their stored values. */
function definedFields(patch: TokenUpdate): Partial<TokenRecord> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}
