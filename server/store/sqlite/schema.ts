import type Database from 'better-sqlite3';
import type { KeySeal } from '../key-seal';
import { ADMIN_KEYS_AND_AUDIT } from './admin-schema';
import { NAME_GRAMS_FUNCTION, nameGrams } from './name-grams';
import { TOKEN_TALLIES } from './token-tallies';
import { USAGE_DAYS } from './usage-days-schema';
import { LOG_RESTARTS } from './log-restarts-schema';
import { MODELS, USAGE_HOLDS, USAGE_TOKENS } from './gateway-schema';
import { WEBHOOK_PREVIOUS_SECRETS, WEBHOOKS } from './webhook-schema';

/**
 * Ordering by expiry puts "never" (-1) after every date, which is what a person sorting by
 * "expires soonest" expects. The list query must use this exact text so the index serves it.
 */
export const EXPIRY_SORT_KEY =
  'CASE WHEN expired_time = -1 THEN 9223372036854775807 ELSE expired_time END';

/** SQL, or a step that needs JavaScript (and the secret that seals keys). */
type SqliteMigration = string | ((db: Database.Database, seal: KeySeal) => void);

/** Rows converted at a time when keys are sealed (migration 4). */
const SEAL_BATCH = 5000;

/**
 * Migration n brings a database from user_version n to n + 1. Shipped entries never change;
 * a new schema is a new entry. user_version is what migrate() goes by; schema_migrations
 * (from version 2) records each version and when it was applied, as on PostgreSQL.
 */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
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
  -- name's distinct one- and two-character pieces, lowercased, as words (name-grams.ts).
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
  sealKeys,
  `
  -- What gateways did with each token, as sums per hour (Unix seconds of its start, UTC), model
  -- ('' when none was given) and code: a verify's (VALID or why not), or USAGE for a usage
  -- report. count is how many, quota the units charged. token_id 0: verifies of unknown keys.
  CREATE TABLE usage_hours (
    token_id INTEGER NOT NULL,
    hour INTEGER NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    quota INTEGER NOT NULL,
    PRIMARY KEY (token_id, hour, model, code)
  ) WITHOUT ROWID;
  CREATE INDEX usage_hours_by_hour ON usage_hours (hour, token_id);

  -- The same sums over every token, so the whole gateway's figures read a row per hour and
  -- model rather than one per token.
  CREATE TABLE usage_totals (
    hour INTEGER NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    quota INTEGER NOT NULL,
    PRIMARY KEY (hour, model, code)
  ) WITHOUT ROWID;

  -- The request_id of each usage report, kept 24 hours, so a report sent again counts once.
  CREATE TABLE usage_requests (
    token_id INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    time INTEGER NOT NULL,
    PRIMARY KEY (token_id, request_id)
  ) WITHOUT ROWID;
  CREATE INDEX usage_requests_by_time ON usage_requests (time);
  `,
  `
  -- Rotation: the key a token had before its last rotation still verifies until then.
  ALTER TABLE tokens ADD COLUMN previous_key_digest BLOB;
  ALTER TABLE tokens ADD COLUMN previous_key_valid_until INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX tokens_by_previous_key ON tokens (previous_key_digest)
    WHERE previous_key_digest IS NOT NULL;
  `,
  `
  -- Budgets that refill, and requests per minute. next_reset_time is -1 without a period; the
  -- index holds only tokens with one, so finding those due reads no other.
  ALTER TABLE tokens ADD COLUMN quota_reset_period TEXT NOT NULL DEFAULT 'none'
    CHECK (quota_reset_period IN ('none', 'daily', 'weekly', 'monthly'));
  ALTER TABLE tokens ADD COLUMN quota_reset_amount INTEGER NOT NULL DEFAULT 0
    CHECK (quota_reset_amount >= 0);
  ALTER TABLE tokens ADD COLUMN next_reset_time INTEGER NOT NULL DEFAULT -1;
  ALTER TABLE tokens ADD COLUMN rpm_limit INTEGER NOT NULL DEFAULT 0 CHECK (rpm_limit >= 0);
  CREATE INDEX tokens_by_next_reset ON tokens (next_reset_time) WHERE next_reset_time >= 0;
  `,
  USAGE_DAYS,
  ADMIN_KEYS_AND_AUDIT,
  TOKEN_TALLIES,
  MODELS,
  USAGE_HOLDS,
  USAGE_TOKENS,
  WEBHOOKS,
  WEBHOOK_PREVIOUS_SECRETS,
  LOG_RESTARTS,
];

/**
 * 4: no whole key at rest. Each key becomes its SHA-256 digest (found by a unique index), the key
 * sealed with the secret (for reveal) and its masked form (for lists); the key column goes.
 * key_secret holds a check of the secret, so a start with another one is refused.
 */
function sealKeys(db: Database.Database, seal: KeySeal): void {
  db.exec(`
    ALTER TABLE tokens ADD COLUMN key_digest BLOB NOT NULL DEFAULT x'';
    ALTER TABLE tokens ADD COLUMN key_sealed BLOB NOT NULL DEFAULT x'';
    ALTER TABLE tokens ADD COLUMN key_masked TEXT NOT NULL DEFAULT '';
  `);
  const batch = db.prepare<[number, number], { id: number; key: string }>(
    'SELECT id, key FROM tokens WHERE id > ? ORDER BY id LIMIT ?',
  );
  const write = db.prepare<[Buffer, Buffer, string, number]>(
    'UPDATE tokens SET key_digest = ?, key_sealed = ?, key_masked = ? WHERE id = ?',
  );
  for (let rows = batch.all(0, SEAL_BATCH); rows.length > 0;) {
    for (const row of rows) {
      const { digest, sealed, masked } = seal.seal(row.key);
      write.run(digest, sealed, masked, row.id);
    }
    rows = batch.all(rows.at(-1)!.id, SEAL_BATCH);
  }
  db.exec(`
    DROP INDEX tokens_by_key;
    ALTER TABLE tokens DROP COLUMN key;
    CREATE UNIQUE INDEX tokens_by_key_digest ON tokens (key_digest);
    CREATE TABLE key_secret (
      only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
      check_value BLOB NOT NULL
    );
  `);
  db.prepare<[Buffer]>('INSERT INTO key_secret (only_row, check_value) VALUES (1, ?)').run(
    seal.check,
  );
}

export const SCHEMA_VERSION = SQLITE_MIGRATIONS.length;
/** The version whose migration made schema_migrations. */
const RECORDED_FROM = 2;

/**
 * Each step runs in its own transaction with its version bump: a crash leaves a whole step or
 * none. Refuses a secret other than the one the database's keys were sealed with.
 */
export function migrate(db: Database.Database, seal: KeySeal): void {
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
      const step = SQLITE_MIGRATIONS[version] ?? '';
      if (typeof step === 'string') db.exec(step);
      else step(db, seal);
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
    if (SQLITE_MIGRATIONS[version] === sealKeys) eraseFreedPages(db);
  }
  checkSecret(db, seal);
}

/**
 * The keys the conversion replaced are still in pages SQLite freed, and in the write-ahead log:
 * the file is rebuilt and the log emptied, so no copy of the files holds a whole key.
 */
function eraseFreedPages(db: Database.Database): void {
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

function checkSecret(db: Database.Database, seal: KeySeal): void {
  const stored = db
    .prepare<[], { check_value: Buffer }>('SELECT check_value FROM key_secret')
    .get()?.check_value;
  if (stored && !seal.check.equals(stored)) {
    throw new Error(
      "the secret given is not the one this database's token keys were sealed with: start with that TOKENDESK_SECRET (or the data directory's token-secret file)",
    );
  }
}
