import type Database from 'better-sqlite3';
import { NAME_GRAMS_FUNCTION, nameGrams } from './sqlite-name-grams';

/**
 * Ordering by expiry puts "never" (-1) after every date, which is what a person sorting by
 * "expires soonest" expects. The list query must use this exact text so the index serves it.
 */
export const EXPIRY_SORT_KEY =
  'CASE WHEN expired_time = -1 THEN 9223372036854775807 ELSE expired_time END';

/**
 * Migration n brings a database from user_version n to n + 1. Shipped entries never change;
 * a new schema is a new entry. user_version is what migrate() goes by; schema_migrations
 * (from version 2) records each version and when it was applied, as on PostgreSQL.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  -- AUTOINCREMENT: an id is never handed out twice, even after the newest token is deleted.
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    status INTEGER NOT NULL CHECK (status IN (1, 2)),
    remain_quota INTEGER NOT NULL CHECK (remain_quota >= 0),
    used_quota INTEGER NOT NULL DEFAULT 0 CHECK (used_quota >= 0),
    unlimited_quota INTEGER NOT NULL CHECK (unlimited_quota IN (0, 1)),
    expired_time INTEGER NOT NULL,
    created_time INTEGER NOT NULL,
    accessed_time INTEGER NOT NULL,
    models TEXT NOT NULL DEFAULT '',
    subnet TEXT NOT NULL DEFAULT ''
  );
  CREATE UNIQUE INDEX tokens_by_key ON tokens (key);

  -- One (field, id) index per sort order, so a page is read in order and stops at LIMIT.
  CREATE INDEX tokens_by_name ON tokens (name COLLATE NOCASE, id);
  CREATE INDEX tokens_by_remain_quota ON tokens (remain_quota, id);
  CREATE INDEX tokens_by_used_quota ON tokens (used_quota, id);
  CREATE INDEX tokens_by_created_time ON tokens (created_time, id);
  CREATE INDEX tokens_by_expiry ON tokens ((${EXPIRY_SORT_KEY}), id);
  CREATE INDEX tokens_by_accessed_time ON tokens (accessed_time, id);

  -- Covers every column the returned status depends on, so counting by status reads only this.
  CREATE INDEX tokens_by_status ON tokens (status, expired_time, unlimited_quota, remain_quota);

  -- Case-insensitive "name contains" for 3+ characters, with FTS5's Unicode case folding.
  -- External content: names live once, in tokens. The store writes this index in the same
  -- transaction as each change (not by trigger: FTS5 under a trigger made bulk inserts 5x slower).
  CREATE VIRTUAL TABLE token_names USING fts5 (
    name,
    content = 'tokens',
    content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  );

  -- The unfiltered total, kept by the store with each insert and delete,
  -- so a list of a million tokens does not count them.
  CREATE TABLE token_count (
    only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
    total INTEGER NOT NULL
  );
  INSERT INTO token_count (only_row, total) VALUES (1, 0);

  CREATE TABLE options (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- Unix seconds; NULL for a version applied by an earlier start, before versions were recorded.
  CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY,
    applied_at INTEGER
  );
  `,
  `
  -- "Name contains" for keywords of one or two characters, which trigrams cannot match: each
  -- name's distinct one- and two-character pieces, lowercased, as words (sqlite-name-grams.ts).
  -- Contentless, and without positions: only which tokens hold a piece is kept.
  CREATE VIRTUAL TABLE token_grams USING fts5 (
    grams,
    content = '',
    contentless_delete = 1,
    detail = none,
    tokenize = 'ascii'
  );
  INSERT INTO token_grams (rowid, grams) SELECT id, ${NAME_GRAMS_FUNCTION}(name) FROM tokens;
  `,
];

export const SCHEMA_VERSION = SQLITE_MIGRATIONS.length;
/** The version whose migration made schema_migrations. */
const RECORDED_FROM = 2;

/** Each step runs in its own transaction with its version bump: a crash leaves a whole step or none. */
export function migrate(db: Database.Database): void {
  // Migration 3 (and the store's bulk loads) make each name's pieces with it.
  db.function(NAME_GRAMS_FUNCTION, { deterministic: true }, nameGrams);
  const current = db.pragma('user_version', { simple: true });
  if (typeof current !== 'number') throw new Error('the database did not report its user_version');
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `the database has schema version ${current}, newer than this Tokendesk knows (${SCHEMA_VERSION}): run a newer Tokendesk`,
    );
  }
  for (let version = current; version < SCHEMA_VERSION; version += 1) {
    db.transaction(() => {
      db.exec(SQLITE_MIGRATIONS[version] ?? '');
      const applied = version + 1;
      if (applied >= RECORDED_FROM) {
        const record = db.prepare<[number, number]>(
          'INSERT INTO schema_migrations (version, applied_at) VALUES (?, CASE WHEN ? THEN NULL ELSE unixepoch() END)',
        );
        // The versions before the record existed: from an earlier start, or from this one.
        if (applied === RECORDED_FROM) {
          for (let earlier = 1; earlier < applied; earlier += 1) {
            record.run(earlier, earlier <= current ? 1 : 0);
          }
        }
        record.run(applied, 0);
      }
      db.pragma(`user_version = ${applied}`);
    }).immediate();
  }
}
