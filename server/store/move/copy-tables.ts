import type Database from 'better-sqlite3';
import type pg from 'pg';

/** Rows read from SQLite and written to PostgreSQL at a time. */
const BATCH = 5000;

/** A table's columns with their PostgreSQL types. */
type Columns = Readonly<Record<string, string>>;

const figures = (...columns: string[]): Columns =>
  Object.fromEntries(
    columns.map((column) => [
      column,
      ['model', 'code', 'request_id'].includes(column) ? 'text' : 'bigint',
    ]),
  );

const SUMS = ['count', 'quota', 'prompt_tokens', 'completion_tokens'];

/** The usage tables, the same on both engines. */
const USAGE_TABLES: Readonly<Record<string, Columns>> = {
  usage_hours: figures('token_id', 'hour', 'model', 'code', ...SUMS),
  usage_totals: figures('hour', 'model', 'code', ...SUMS),
  usage_days: figures('token_id', 'day', 'model', 'code', ...SUMS),
  usage_total_days: figures('day', 'model', 'code', ...SUMS),
  usage_token_days: figures('token_id', 'day', 'requests', 'quota'),
  usage_requests: figures('token_id', 'request_id', 'time'),
  usage_holds: figures('token_id', 'request_id', 'held', 'time', 'model'),
};

/** The admin keys and the audit, ids kept as they are. */
export const ADMIN_TABLES: Readonly<Record<string, Columns>> = {
  admin_keys: {
    id: 'bigint',
    name: 'text',
    role: 'text',
    key_digest: 'bytea',
    key_masked: 'text',
    created_time: 'bigint',
    last_used_time: 'bigint',
  },
  audit: {
    id: 'bigint',
    time: 'bigint',
    actor_id: 'bigint',
    actor_name: 'text',
    actor_role: 'text',
    ip: 'text',
    action: 'text',
    token_id: 'bigint',
    before: 'json',
    after: 'json',
  },
};

/**
 * Copies a table's rows as they are, inside the caller's SQLite read transaction and PostgreSQL
 * transaction, into a table found empty, and checks the count. How many rows.
 */
export async function copyTable(
  source: Database.Database,
  target: pg.ClientBase,
  table: string,
  columns: Columns,
  convert: (row: unknown[]) => unknown[] = (row) => row,
): Promise<number> {
  const names = Object.keys(columns);
  const types = Object.values(columns);
  // An identity column takes the ids given.
  const insert = `INSERT INTO ${table} (${names.join(', ')})
    ${names.includes('id') ? 'OVERRIDING SYSTEM VALUE' : ''}
    SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
  const write = async (rows: unknown[][]) => {
    await target.query(
      insert,
      names.map((_, i) => rows.map((row) => row[i])),
    );
  };
  let copied = 0;
  let rows: unknown[][] = [];
  const read = source.prepare(`SELECT ${names.join(', ')} FROM ${table}`).raw();
  for (const row of read.iterate() as IterableIterator<unknown[]>) {
    rows.push(convert(row));
    if (rows.length === BATCH) {
      await write(rows);
      copied += rows.length;
      rows = [];
    }
  }
  if (rows.length > 0) await write(rows);
  copied += rows.length;
  const { rows: held } = await target.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  if (Number(held[0]!.n) !== copied) {
    throw new Error(
      `the copy holds ${held[0]!.n} rows of ${table}, not ${copied}: nothing was kept`,
    );
  }
  return copied;
}

/**
 * Copies the usage figures, the usage reports' request ids and the holds not yet settled. How
 * many rows, by table.
 */
export async function copyUsage(
  source: Database.Database,
  target: pg.ClientBase,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const [table, columns] of Object.entries(USAGE_TABLES)) {
    copied[table] = await copyTable(source, target, table, columns);
  }
  return copied;
}

/** Sets a PostgreSQL sequence after the highest id SQLite ever handed out in `table`. */
export async function continueIds(source: Database.Database, target: pg.ClientBase, table: string) {
  const handedOut =
    source
      .prepare<[string], { seq: number }>('SELECT seq FROM sqlite_sequence WHERE name = ?')
      .get(table)?.seq ?? 0;
  if (handedOut > 0) {
    await target.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), $1)`, [handedOut]);
  }
}

/**
 * Copies the admin keys and the audit with their ids, and sets each PostgreSQL sequence after
 * the highest id SQLite ever handed out, so no id is given twice. How many rows of each.
 */
export async function copyAdminKeysAndAudit(
  source: Database.Database,
  target: pg.ClientBase,
): Promise<{ adminKeys: number; auditRecords: number }> {
  const counts: Record<string, number> = {};
  for (const [table, columns] of Object.entries(ADMIN_TABLES)) {
    counts[table] = await copyTable(source, target, table, columns);
    await continueIds(source, target, table);
  }
  return { adminKeys: counts.admin_keys ?? 0, auditRecords: counts.audit ?? 0 };
}

const MODEL_COLUMNS: Columns = {
  id: 'bigint',
  name: 'text',
  upstream_url: 'text',
  upstream_model: 'text',
  upstream_key_sealed: 'bytea',
  upstream_key_masked: 'text',
  input_price: 'float8',
  output_price: 'float8',
  cached_input_price: 'float8',
  max_output_tokens: 'integer',
  stream_usage: 'boolean',
  enabled: 'boolean',
  created_time: 'bigint',
  updated_time: 'bigint',
};

/**
 * Copies the models with their ids, each upstream key passed through `reseal` (sealed again
 * with the target's secret when it differs), and continues their ids. How many.
 */
export async function copyModels(
  source: Database.Database,
  target: pg.ClientBase,
  reseal: (sealed: Buffer) => Buffer,
): Promise<number> {
  const names = Object.keys(MODEL_COLUMNS);
  const key = names.indexOf('upstream_key_sealed');
  const switches = [names.indexOf('stream_usage'), names.indexOf('enabled')];
  const copied = await copyTable(source, target, 'models', MODEL_COLUMNS, (row) =>
    row.map((value, i) => {
      if (i === key) return value === null ? null : reseal(value as Buffer);
      return switches.includes(i) ? value === 1 : value;
    }),
  );
  await continueIds(source, target, 'models');
  return copied;
}
