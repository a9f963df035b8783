import { expect, it } from 'vitest';
import { newTestDatabaseUrl } from '../../test-support';
import { TEST_SECRET_BYTES } from '../test-postgres';
import { connectPostgres } from './connection';

it('rolls back a transaction whose connection the server ends between two statements, and goes on serving', async () => {
  const url = await newTestDatabaseUrl();
  const { pool, ready, query, transaction } = connectPostgres(
    { url, secret: TEST_SECRET_BYTES },
    async () => {},
  );
  await ready;
  try {
    const work = transaction(async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Ended from another connection while this one runs no statement: the server's notice
      // arrives as an event of the connection, not as a statement's failure.
      await query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await client.query('SELECT 1');
    });
    await expect(work).rejects.toThrow();
    const { rows } = await query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]!.one).toBe(1);
  } finally {
    await pool.end();
  }
});
