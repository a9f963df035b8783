/**
 * Emptying a test database so the next test of the file can use it (server/test-support.ts):
 * quicker than making a new one.
 */
import type pg from 'pg';
import { connectForTests } from './test-postgres';

/** Every table a test writes to, each one's children before it. */
const TEST_TABLES = [
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_events',
  'webhook_endpoints',
  'usage_holds',
  'usage_requests',
  'usage_hours',
  'usage_totals',
  'usage_days',
  'usage_total_days',
  'usage_token_days',
  'rate_windows',
  'models',
  'audit',
  'admin_key_failures',
  'admin_keys',
  'options',
  'tokens',
];

/**
 * Tables a test database keeps as they are: the migrations applied, the sealing key's check, the
 * tallies the tokens' own triggers keep (deleting the tokens brings them back to nothing), the
 * list's anchors (stale once the tallies move) and the webhook look's one row, reset instead.
 */
const KEPT_TABLES = [
  'schema_migrations',
  'key_secret',
  'token_count',
  'token_order_anchors',
  'webhook_look',
];

/**
 * Fails by name when a migration has added a table this file neither empties nor keeps, or
 * removed one it empties; run once on the run's migrated template (server/test-postgres-setup.ts).
 */
export async function checkTablesKnown(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
  );
  const unknown = rows
    .map((row) => row.name)
    .filter((name) => !TEST_TABLES.includes(name) && !KEPT_TABLES.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `emptyTestDatabase does not know the table ${unknown.join(', ')}: add it to TEST_TABLES or KEPT_TABLES in server/store/test-postgres-empty.ts`,
    );
  }
  const names = new Set(rows.map((row) => row.name));
  const gone = TEST_TABLES.filter((name) => !names.has(name));
  if (gone.length > 0) {
    throw new Error(
      `emptyTestDatabase empties ${gone.join(', ')}, which the schema no longer has: take it out of TEST_TABLES in server/store/test-postgres-empty.ts`,
    );
  }
}

/**
 * A table holding more rows than this is truncated rather than its rows deleted: deleted rows
 * stay in the table and its indexes until a vacuum, and a test filling it again walked them all.
 * In token-store.test's lists of thousands of tokens, each test in turn took 1.0 to 1.6 s after
 * deletes against 0.9 s after truncates.
 */
const DELETE_AT_MOST = 1_000;

/**
 * Empties a test database for the next test, as new: ids count from 1 again and the periodic
 * webhook look starts over. A table with few rows, as most tests leave, has them deleted: a
 * TRUNCATE of every table took 97 ms, as it makes every table's and index's files anew, where
 * the deletes take about 20.
 */
export async function emptyTestDatabase(url: string): Promise<void> {
  const tables = TEST_TABLES.map((table) => `'${table}'`).join(', ');
  await connectForTests(url, (client) =>
    client.query(
      [
        'BEGIN',
        `DO $$
        DECLARE
          most CONSTANT bigint := ${DELETE_AT_MOST};
          name text;
          held bigint;
        BEGIN
          FOREACH name IN ARRAY ARRAY[${tables}] LOOP
            EXECUTE format('SELECT count(*) FROM (SELECT FROM %I LIMIT %s) AS s', name, most + 1)
              INTO held;
            IF held > most THEN
              -- CASCADE: a table others refer to is not truncated alone, even once they are empty.
              EXECUTE format('TRUNCATE %I CASCADE', name);
            ELSE
              EXECUTE format('DELETE FROM %I', name);
            END IF;
          END LOOP;
        END $$`,
        `SELECT setval(pg_get_serial_sequence(table_name, column_name), 1, false)
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND is_identity = 'YES'`,
        'UPDATE webhook_look SET expiring_through = 0, expired_through = 0',
        'COMMIT',
      ].join(';\n'),
    ),
  );
}
