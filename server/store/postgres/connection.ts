import pg from 'pg';
import { types } from './sql';
import type { PostgresStoreOptions } from './store';

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** Waiting longer for a connection (the server down or every connection busy) fails the request. */
const CONNECT_TIMEOUT_MS = 10_000;

export type Query = <R extends pg.QueryResultRow>(
  sql: string,
  values?: unknown[],
) => Promise<pg.QueryResult<R>>;
export type Transaction = <T>(
  work: (client: pg.PoolClient) => Promise<T>,
  begin?: string,
) => Promise<T>;

/**
 * The store's pool, migrated once in the background (`ready`); query and transaction wait for
 * that first.
 */
export function connectPostgres(
  options: PostgresStoreOptions,
  migrate: (client: pg.PoolClient) => Promise<void>,
): { pool: pg.Pool; ready: Promise<void>; query: Query; transaction: Transaction } {
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
      await migrate(client);
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

  return { pool, ready, query, transaction };
}
