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
 * Empties a test database for the next test, as new: ids count from 1 again and the periodic
 * webhook look starts over. Rows are deleted rather than the tables truncated: a test leaves few,
 * and a TRUNCATE of all of them took 97 ms, as it makes every table's and index's files anew.
 */
export async function emptyTestDatabase(url: string): Promise<void> {
  await connectForTests(url, (client) =>
    client.query(
      [
        'BEGIN',
        ...TEST_TABLES.map((table) => `DELETE FROM ${table}`),
        `SELECT setval(pg_get_serial_sequence(table_name, column_name), 1, false)
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND is_identity = 'YES'`,
        'UPDATE webhook_look SET expiring_through = 0, expired_through = 0',
        'COMMIT',
      ].join(';\n'),
    ),
  );
}
