import { copyFileSync, existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';

/** What a database file holds, read as a crash or a stop left it. */
export interface DatabaseFileCheck {
  /** SQLite's integrity_check: "ok" when the file is sound. */
  integrity: string;
  /** Names of the stored tokens, by id. */
  names: string[];
  /** The token count the store keeps alongside the rows. */
  keptTotal: number;
  /** Whether the name search indexes (trigrams, and the pieces of short keywords) are sound. */
  nameIndexSound: boolean;
  /** Names of the indexes on the tokens table, sorted. */
  indexes: string[];
}

const FILES = ['', '-wal', '-shm'];

/**
 * Checks a database file without changing it. The name index's own check writes, so it runs on
 * a copy of the files (database, WAL and shared memory) as they are.
 */
export function checkDatabaseFile(file: string): DatabaseFileCheck {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let check: Omit<DatabaseFileCheck, 'nameIndexSound'>;
  try {
    check = {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      names: db
        .prepare<[], { name: string }>('SELECT name FROM tokens ORDER BY id')
        .all()
        .map((row) => row.name),
      keptTotal: (db.prepare('SELECT total FROM token_count').get() as { total: number }).total,
      indexes: db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'tokens' ORDER BY name",
        )
        .all()
        .map((row) => row.name),
    };
  } finally {
    db.close();
  }
  const copy = `${file}.check-copy`;
  for (const suffix of FILES) {
    if (existsSync(`${file}${suffix}`)) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
  }
  const scratch = new Database(copy);
  let nameIndexSound = true;
  try {
    scratch.exec("INSERT INTO token_names (token_names) VALUES ('integrity-check')");
    scratch.exec("INSERT INTO token_grams (token_grams) VALUES ('integrity-check')");
  } catch {
    nameIndexSound = false;
  } finally {
    scratch.close();
    for (const suffix of FILES) rmSync(`${copy}${suffix}`, { force: true });
  }
  return { ...check, nameIndexSound };
}

/** A database file claiming a schema version, as a newer release would leave it. */
export function writeDatabaseOfVersion(file: string, version: number): void {
  const db = new Database(file);
  try {
    db.pragma(`user_version = ${Math.trunc(version)}`);
  } finally {
    db.close();
  }
}
