import { PG_ADMIN_KEYS_AND_AUDIT } from './admin-schema';
import type pg from 'pg';
import type { KeySeal } from '../key-seal';
import { EXPIRY_SORT_KEY, NAME_SORT_KEY } from './schema';
import { sealKeys } from './seal-keys';
import { tokenTallies } from './token-tallies';
import { USAGE_DAYS, USAGE_HOURS, USAGE_RANKS_WITH_TOKENS } from './usage-schema';
import { MODELS, USAGE_HOLDS, USAGE_TOKENS } from './gateway-schema';
import { VERIFY_FUNCTION } from './verify-function';
import { EVENTS_ONLY_WHEN_EXPIRING, WEBHOOK_PREVIOUS_SECRETS, WEBHOOKS } from './webhook-schema';

/** Rows the kept total is spread over (migration 2). */
const COUNT_SHARDS = 16;

/** Any constant shared by every Tokendesk: the advisory lock taken while migrating. */
export const MIGRATION_LOCK = 7_411_202_611;

export type Client = pg.PoolClient | pg.Client;

/** SQL, or a step that needs JavaScript (and the secret that seals keys). */
type PgMigration = string | ((client: Client, seal: KeySeal) => Promise<void>);

/**
 * Migration n brings a database from version n to n + 1, recorded in schema_migrations.
 * Shipped entries never change; a new schema is a new entry.
 */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  `
  -- pg_trgm is a trusted extension: the database's owner may create it.
  CREATE EXTENSION IF NOT EXISTS pg_trgm;

  -- An identity's sequence never hands out an id twice, even after the newest token is deleted.
  CREATE TABLE tokens (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    -- The name as JavaScript folds its case (toLowerCase: all of Unicode), written by the store
    -- with the name, so "name contains" means the same whatever the database's locale.
    name_folded TEXT NOT NULL,
    key TEXT NOT NULL,
    status SMALLINT NOT NULL CHECK (status IN (1, 2)),
    remain_quota BIGINT NOT NULL CHECK (remain_quota >= 0),
    used_quota BIGINT NOT NULL DEFAULT 0 CHECK (used_quota >= 0),
    unlimited_quota BOOLEAN NOT NULL,
    expired_time BIGINT NOT NULL,
    created_time BIGINT NOT NULL,
    accessed_time BIGINT NOT NULL,
    models TEXT NOT NULL DEFAULT '',
    subnet TEXT NOT NULL DEFAULT '',
    -- The sort keys of the name and expiry orders as columns, not expressions, so a deep page
    -- can skip rows in the index alone (an index-only scan), which an expression index cannot.
    name_order TEXT COLLATE "C" GENERATED ALWAYS AS (${NAME_SORT_KEY}) STORED,
    expiry_order BIGINT GENERATED ALWAYS AS (${EXPIRY_SORT_KEY}) STORED
  );
  CREATE UNIQUE INDEX tokens_by_key ON tokens (key);

  -- One (field, id) index per sort order, so a page is read in order and stops at LIMIT.
  CREATE INDEX tokens_by_name ON tokens (name_order, id);
  CREATE INDEX tokens_by_remain_quota ON tokens (remain_quota, id);
  CREATE INDEX tokens_by_used_quota ON tokens (used_quota, id);
  CREATE INDEX tokens_by_created_time ON tokens (created_time, id);
  CREATE INDEX tokens_by_expiry ON tokens (expiry_order, id);
  CREATE INDEX tokens_by_accessed_time ON tokens (accessed_time, id);
  CREATE INDEX tokens_by_status ON tokens (status, expired_time, unlimited_quota, remain_quota);

  -- "Name contains", any case: trigrams of the folded name; LIKE rechecks each candidate.
  CREATE INDEX tokens_by_name_trigrams ON tokens USING gin (name_folded gin_trgm_ops);

  CREATE TABLE options (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  `
  -- The unfiltered total, kept with each insert, delete and truncate, so a list of a million
  -- tokens does not count them. Spread over ${COUNT_SHARDS} rows: a transaction adds to the row of
  -- its own id, so concurrent creates through several instances seldom wait for one another and
  -- never deadlock. The total is the sum; one row may go below zero.
  CREATE TABLE token_count (
    shard SMALLINT PRIMARY KEY,
    total BIGINT NOT NULL
  );
  INSERT INTO token_count (shard, total) SELECT shard, 0 FROM generate_series(0, ${COUNT_SHARDS - 1}) AS shard;
  UPDATE token_count SET total = (SELECT count(*) FROM tokens) WHERE shard = 0;

  CREATE FUNCTION tokens_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE token_count SET total = 0;
    ELSIF TG_OP = 'INSERT' THEN
      UPDATE token_count SET total = total + (SELECT count(*) FROM new_rows)
        WHERE shard = txid_current() % ${COUNT_SHARDS};
    ELSE
      UPDATE token_count SET total = total - (SELECT count(*) FROM old_rows)
        WHERE shard = txid_current() % ${COUNT_SHARDS};
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER tokens_count_inserts AFTER INSERT ON tokens
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tokens_counted();
  CREATE TRIGGER tokens_count_deletes AFTER DELETE ON tokens
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tokens_counted();
  CREATE TRIGGER tokens_count_truncates AFTER TRUNCATE ON tokens
    FOR EACH STATEMENT EXECUTE FUNCTION tokens_counted();
  `,
  // 3: wrong admin keys per client address, counted across every instance.
  `
  CREATE TABLE admin_key_failures (
    address TEXT NOT NULL,
    failed_at BIGINT NOT NULL
  );
  CREATE INDEX admin_key_failures_by_address ON admin_key_failures (address, failed_at);
  CREATE INDEX admin_key_failures_by_time ON admin_key_failures (failed_at);
  `,
  // 4: how often each order of the list changed, for the anchors of deep pages.
  `
  -- An instance keeps, for each order, where every thousandth token of it stands, so a deep
  -- page skips a few index entries instead of all before it (order-anchors.ts). The
  -- anchors hold while these counts stay the same: members counts inserts, deletes and truncates
  -- (which move every order), each other column the updates that moved a token in that order.
  -- Kept beside the total, in the same row a statement already writes; an order's count is the
  -- sum over the shards.
  ALTER TABLE token_count
    ADD COLUMN members BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN name BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN remain_quota BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN used_quota BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN expired_time BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN accessed_time BIGINT NOT NULL DEFAULT 0;

  CREATE OR REPLACE FUNCTION tokens_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE token_count SET total = 0, members = members + 1;
    ELSIF TG_OP = 'INSERT' THEN
      UPDATE token_count SET total = total + (SELECT count(*) FROM new_rows), members = members + 1
        WHERE shard = txid_current() % ${COUNT_SHARDS};
    ELSE
      UPDATE token_count SET total = total - (SELECT count(*) FROM old_rows), members = members + 1
        WHERE shard = txid_current() % ${COUNT_SHARDS};
    END IF;
    RETURN NULL;
  END $$;

  -- An update that moves no token in any order (status, models, subnet) writes nothing here.
  CREATE FUNCTION tokens_reordered() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE token_count AS c SET
      name = c.name + d.name,
      remain_quota = c.remain_quota + d.remain_quota,
      used_quota = c.used_quota + d.used_quota,
      expired_time = c.expired_time + d.expired_time,
      accessed_time = c.accessed_time + d.accessed_time
    FROM (SELECT
        count(*) FILTER (WHERE o.name_order <> n.name_order) AS name,
        count(*) FILTER (WHERE o.remain_quota <> n.remain_quota) AS remain_quota,
        count(*) FILTER (WHERE o.used_quota <> n.used_quota) AS used_quota,
        count(*) FILTER (WHERE o.expiry_order <> n.expiry_order) AS expired_time,
        count(*) FILTER (WHERE o.accessed_time <> n.accessed_time) AS accessed_time
      FROM old_rows AS o JOIN new_rows AS n USING (id)) AS d
    WHERE c.shard = txid_current() % ${COUNT_SHARDS}
      AND d.name + d.remain_quota + d.used_quota + d.expired_time + d.accessed_time > 0;
    RETURN NULL;
  END $$;

  -- The anchors an instance walked, for every instance to use while the count of their order
  -- is still the one they were walked at.
  CREATE TABLE token_order_anchors (
    field TEXT PRIMARY KEY,
    changes TEXT NOT NULL,
    -- [{ "key": sort key as text, "id": id }, ...], every thousandth token of the ascending order
    anchors JSONB NOT NULL
  );

  CREATE TRIGGER tokens_reorder AFTER UPDATE ON tokens
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tokens_reordered();
  `,
  sealKeys,
  USAGE_HOURS,
  `
  -- Rotation: the key a token had before its last rotation still verifies until then.
  ALTER TABLE tokens ADD COLUMN previous_key_digest BYTEA,
    ADD COLUMN previous_key_valid_until BIGINT NOT NULL DEFAULT 0;
  CREATE INDEX tokens_by_previous_key ON tokens (previous_key_digest)
    WHERE previous_key_digest IS NOT NULL;
  `,
  `
  -- Budgets that refill, and requests per minute. next_reset_time is -1 without a period; the
  -- index holds only tokens with one, so finding those due reads no other.
  ALTER TABLE tokens
    ADD COLUMN quota_reset_period TEXT NOT NULL DEFAULT 'none'
      CHECK (quota_reset_period IN ('none', 'daily', 'weekly', 'monthly')),
    ADD COLUMN quota_reset_amount BIGINT NOT NULL DEFAULT 0 CHECK (quota_reset_amount >= 0),
    ADD COLUMN next_reset_time BIGINT NOT NULL DEFAULT -1,
    ADD COLUMN rpm_limit INTEGER NOT NULL DEFAULT 0 CHECK (rpm_limit >= 0);
  CREATE INDEX tokens_by_next_reset ON tokens (next_reset_time) WHERE next_reset_time >= 0;

  -- Verifies counted per token in the current minute, shared by every instance. Unlogged: a
  -- count is worth nothing after a crash, and its writes then wait for no disk.
  CREATE UNLOGGED TABLE rate_windows (
    token_id BIGINT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    count INTEGER NOT NULL
  );
  `,
  USAGE_DAYS,
  `
  -- Name search walks the ids and reads each name from this index, not from the table's rows: a
  -- common word's first 10,000 matches among a million tokens take a third of the time.
  CREATE INDEX tokens_by_id_with_name ON tokens (id) INCLUDE (name_folded);
  `,
  PG_ADMIN_KEYS_AND_AUDIT,
  tokenTallies(COUNT_SHARDS),
  MODELS,
  USAGE_HOLDS,
  USAGE_TOKENS,
  VERIFY_FUNCTION,
  WEBHOOKS,
  USAGE_RANKS_WITH_TOKENS,
  WEBHOOK_PREVIOUS_SECRETS,
  EVENTS_ONLY_WHEN_EXPIRING,
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;

/**
 * Brings the database to PG_SCHEMA_VERSION in one transaction under an advisory lock: instances
 * starting together wait for the first, which migrates; the others then find nothing to do.
 */
export async function migratePostgres(client: Client, seal: KeySeal): Promise<void> {
  let sealedKeys = false;
  await client.query('BEGIN');
  try {
    // Waiting for another instance's migration, or a long one, is not a slow request.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > PG_SCHEMA_VERSION) {
      throw new Error(
        `the database has schema version ${current}, newer than this Tokendesk knows (${PG_SCHEMA_VERSION}): run a newer Tokendesk`,
      );
    }
    for (let version = current; version < PG_SCHEMA_VERSION; version += 1) {
      const step = PG_MIGRATIONS[version] ?? '';
      if (typeof step === 'string') await client.query(step);
      else await step(client, seal);
      sealedKeys ||= step === sealKeys;
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1]);
    }
    const { rows: checks } = await client.query<{ check_value: Buffer }>(
      'SELECT check_value FROM key_secret',
    );
    if (checks[0] && !seal.check.equals(checks[0].check_value)) {
      throw new Error(
        "TOKENDESK_SECRET is not the secret this database's token keys were sealed with: every instance must start with that one",
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  // A dropped column stays in every row until the table is rewritten, which VACUUM FULL does
  // without it: afterwards no live row holds a whole key.
  if (sealedKeys) {
    await client.query('SET statement_timeout = 0');
    await client.query('VACUUM FULL tokens');
    await client.query('RESET statement_timeout');
  }
}
