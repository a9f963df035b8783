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
  // A connection taken from the pool has no listener of the pool's: one the server ends between
  // two statements (a restart, the database dropped) would end the process. Its next statement
  // fails instead, and the work rolls back.
  const lostWhileTaken = (error: Error) =>
    console.error('PostgreSQL connection lost during a transaction:', error.message);
  const take = async () => {
    const client = await pool.connect();
    client.on('error', lostWhileTaken);
    return client;
  };
  const giveBack = (client: pg.PoolClient, destroy = false) => {
    client.removeListener('error', lostWhileTaken);
    client.release(destroy);
  };

  const ready = (async () => {
    const client = await take();
    try {
      await migrate(client);
    } finally {
      giveBack(client);
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
    const client = await take();
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      giveBack(client);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // Not back into the pool: the connection may be the reason it failed.
      giveBack(client, true);
      throw error;
    }
  };

  return { pool, ready, query, transaction };
}
