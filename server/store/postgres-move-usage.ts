import type Database from 'better-sqlite3';
import type pg from 'pg';

/** Rows read from SQLite and written to PostgreSQL at a time. */
const BATCH = 5000;

/** The usage tables, the same on both engines, and their columns; text columns are named. */
const USAGE_TABLES: Record<string, readonly string[]> = {
  usage_hours: ['token_id', 'hour', 'model', 'code', 'count', 'quota'],
  usage_totals: ['hour', 'model', 'code', 'count', 'quota'],
  usage_days: ['token_id', 'day', 'model', 'code', 'count', 'quota'],
  usage_total_days: ['day', 'model', 'code', 'count', 'quota'],
  usage_token_days: ['token_id', 'day', 'requests', 'quota'],
  usage_requests: ['token_id', 'request_id', 'time'],
};
const TEXT_COLUMNS = new Set(['model', 'code', 'request_id']);

/**
 * Copies the usage figures and the usage reports' request ids as they are, inside the caller's
 * SQLite read transaction and PostgreSQL transaction, into tables found empty, and checks each
 * table's count. How many rows, by table.
 */
export async function copyUsage(
  source: Database.Database,
  target: pg.ClientBase,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const [table, columns] of Object.entries(USAGE_TABLES)) {
    const types = columns.map((column) => (TEXT_COLUMNS.has(column) ? 'text' : 'bigint'));
    const insert = `INSERT INTO ${table} (${columns.join(', ')})
      SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
    const write = async (rows: unknown[][]) => {
      await target.query(
        insert,
        columns.map((_, i) => rows.map((row) => row[i])),
      );
    };
    copied[table] = 0;
    let rows: unknown[][] = [];
    const read = source.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).raw();
    for (const row of read.iterate() as IterableIterator<unknown[]>) {
      rows.push(row);
      if (rows.length === BATCH) {
        await write(rows);
        copied[table] += rows.length;
        rows = [];
      }
    }
    if (rows.length > 0) await write(rows);
    copied[table] += rows.length;
    const { rows: held } = await target.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    if (Number(held[0]!.n) !== copied[table]) {
      throw new Error(
        `the copy holds ${held[0]!.n} rows of ${table}, not ${copied[table]}: nothing was kept`,
      );
    }
  }
  return copied;
}
