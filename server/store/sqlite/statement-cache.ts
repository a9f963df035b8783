import type Database from 'better-sqlite3';

/**
 * Prepares each SQL text once and hands back the same statement after. Queries here differ only
 * by which filters and order are present: a few dozen shapes. `pluck` statements return one
 * value per row.
 */
export function statementCache(
  db: Database.Database,
  { pluck = false }: { pluck?: boolean } = {},
): (sql: string) => Database.Statement {
  const prepared = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = pluck ? db.prepare(sql).pluck() : db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
}
