import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { KeySeal } from '../key-seal';
import { DATABASE_FILE } from '../sqlite/database';
import { migrate } from '../sqlite/schema';
import { migratePostgres } from '../postgres/migrations';
import { copyAdminKeysAndAudit, copyModels, copyUsage } from './copy-tables';
import { copyWebhooks } from './copy-webhooks';
import { foldName } from '../postgres/schema';
import { COLUMN_TYPES } from '../postgres/sql';
import { FIELD_COLUMNS, KEY_COLUMNS } from '../token-record';
import { keptSecret, SECRET_FILE } from '../secret-file';

/** Rows read from SQLite and written to PostgreSQL at a time. */
const BATCH = 5000;

/** Every stored column, the id included: the move keeps ids as they are. */
const COLUMNS = ['id', ...FIELD_COLUMNS, ...KEY_COLUMNS, 'quota_set'] as const;
const TYPES = [
  'bigint',
  ...[...FIELD_COLUMNS, ...KEY_COLUMNS].map((column) => COLUMN_TYPES[column]),
  'bigint',
];

type SqliteRow = Record<(typeof COLUMNS)[number], string | number | Buffer>;

export interface MoveResult {
  tokens: number;
  options: number;
  /** Rows of usage figures (hourly and daily sums) and of usage reports' request ids. */
  usageRows: number;
  adminKeys: number;
  auditRecords: number;
  models: number;
  /** The id the next token gets on PostgreSQL is above this one. */
  highestId: number;
}

/**
 * Copies every token (ids as they are, keys sealed again with `secret` when the SQLite
 * database's were sealed with another), every stored option, the usage figures, the admin keys,
 * the audit, the models and the webhooks (upstream keys and signing secrets sealed again
 * likewise) from the SQLite database in dataDir into the PostgreSQL database at url, in one
 * PostgreSQL transaction: all of them or nothing. Refuses a target that holds any token or
 * option. Ids stay never reused: the target's sequence continues after the highest id SQLite
 * ever handed out. The service must not be writing to the SQLite database meanwhile (what it
 * writes after the start is not copied).
 */
export async function moveSqliteToPostgres(
  dataDir: string,
  url: string,
  secret: Buffer,
  onProgress?: (copied: number, total: number) => void,
): Promise<MoveResult> {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new Error(`there is no Tokendesk database at ${file}`);
  const source = new Database(file, { fileMustExist: true });
  const target = new pg.Client({ connectionString: url, options: '-c synchronous_commit=on' });
  const targetSeal = new KeySeal(secret);
  try {
    const sourceSeal = sqliteSeal(source, dataDir, targetSeal);
    // An older file is brought to the current schema first, as the service would on start.
    migrate(source, sourceSeal);
    const resealed = !sourceSeal.check.equals(targetSeal.check);
    await target.connect();
    await migratePostgres(target, targetSeal);
    // One read transaction: every batch sees the same tokens.
    source.exec('BEGIN');
    const total = source.prepare<[], { n: number }>('SELECT count(*) AS n FROM tokens').get()!.n;
    const options = source
      .prepare<[], { key: string; value: string }>('SELECT key, value FROM options')
      .all();
    const sequence =
      source
        .prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'tokens'")
        .get()?.seq ?? 0;
    const page = source.prepare<[number, number], SqliteRow>(
      `SELECT ${COLUMNS.join(', ')} FROM tokens WHERE id > ? ORDER BY id LIMIT ?`,
    );

    await target.query('BEGIN');
    try {
      // The audit copied is a past, not changes to send to webhooks (webhook-schema.ts).
      await target.query("SET LOCAL tokendesk.loading = 'on'");
      await target.query('LOCK TABLE tokens, options, admin_keys, audit, models IN EXCLUSIVE MODE');
      const held = await target.query<{
        tokens: string;
        options: string;
        usage: string;
        admin: string;
      }>(
        `SELECT (SELECT count(*) FROM tokens) AS tokens, (SELECT count(*) FROM options) AS options,
          (SELECT count(*) FROM usage_totals) AS usage,
          (SELECT count(*) FROM admin_keys) + (SELECT count(*) FROM audit)
            + (SELECT count(*) FROM models) AS admin`,
      );
      const {
        tokens: heldTokens,
        options: heldOptions,
        usage: heldUsage,
        admin: heldAdmin,
      } = held.rows[0]!;
      if (Number(heldTokens) > 0 || Number(heldOptions) > 0) {
        throw new Error(
          `the PostgreSQL database already holds ${heldTokens} tokens and ${heldOptions} options: move into an empty one`,
        );
      }
      // A service that ran on it counted verifies of unknown keys, even without a token.
      if (Number(heldUsage) > 0) {
        throw new Error(
          'the PostgreSQL database already holds usage figures (a service has answered verifies there): move into an empty one',
        );
      }
      if (Number(heldAdmin) > 0) {
        throw new Error(
          'the PostgreSQL database already holds admin keys, audit records or models: move into an empty one',
        );
      }
      let copied = 0;
      let highestId = 0;
      for (let rows = page.all(0, BATCH); rows.length > 0; rows = page.all(highestId, BATCH)) {
        if (resealed) {
          for (const row of rows) {
            row.key_sealed = targetSeal.seal(sourceSeal.open(row.key_sealed as Buffer)).sealed;
          }
        }
        const columns = COLUMNS.map((column) =>
          rows.map((row) => (column === 'unlimited_quota' ? row[column] === 1 : row[column])),
        );
        const folded = rows.map((row) => foldName(String(row.name)));
        await target.query(
          `INSERT INTO tokens (${COLUMNS.join(', ')}, name_folded) OVERRIDING SYSTEM VALUE
           SELECT * FROM unnest(${[...TYPES, 'text'].map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`,
          [...columns, folded],
        );
        copied += rows.length;
        highestId = Number(rows.at(-1)!.id);
        onProgress?.(copied, total);
      }
      const usage = await copyUsage(source, target);
      const { adminKeys, auditRecords } = await copyAdminKeysAndAudit(source, target);
      const models = await copyModels(source, target, (sealed) =>
        resealed ? targetSeal.seal(sourceSeal.open(sealed)).sealed : sealed,
      );
      await copyWebhooks(source, target, (sealed) =>
        resealed ? targetSeal.seal(sourceSeal.open(sealed)).sealed : sealed,
      );
      for (const option of options) {
        await target.query('INSERT INTO options (key, value) VALUES ($1, $2)', [
          option.key,
          option.value,
        ]);
      }
      const after = await target.query<{ tokens: string; options: string }>(
        'SELECT (SELECT count(*) FROM tokens) AS tokens, (SELECT count(*) FROM options) AS options',
      );
      if (
        Number(after.rows[0]!.tokens) !== total ||
        Number(after.rows[0]!.options) !== options.length
      ) {
        throw new Error(
          `the copy holds ${after.rows[0]!.tokens} tokens and ${after.rows[0]!.options} options, not ${total} and ${options.length}: nothing was kept`,
        );
      }
      // The next id is above every id SQLite ever gave, deleted ones included.
      const next = Math.max(sequence, highestId);
      if (next > 0) {
        await target.query("SELECT setval(pg_get_serial_sequence('tokens', 'id'), $1)", [next]);
      }
      await target.query('COMMIT');
      const usageRows = Object.values(usage).reduce((sum, rows) => sum + rows, 0);
      return {
        tokens: total,
        options: options.length,
        usageRows,
        adminKeys,
        auditRecords,
        models,
        highestId: next,
      };
    } catch (error) {
      await target.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    if (source.inTransaction) source.exec('COMMIT');
    source.close();
    await target.end().catch(() => {});
  }
}

/**
 * The secret the SQLite database's keys are sealed with: TOKENDESK_SECRET's or the data
 * directory's file, whichever its check matches. A database from before keys were sealed is
 * sealed with the data directory's, as the service started without TOKENDESK_SECRET would.
 */
function sqliteSeal(source: Database.Database, dataDir: string, given: KeySeal): KeySeal {
  const sealed = source
    .prepare<[], { n: number }>("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'key_secret'")
    .get()!.n;
  if (sealed === 0) return new KeySeal(keptSecret(dataDir));
  const check = source
    .prepare<[], { check_value: Buffer }>('SELECT check_value FROM key_secret')
    .get()?.check_value;
  if (!check || given.check.equals(check)) return given;
  if (existsSync(join(dataDir, SECRET_FILE))) {
    const kept = new KeySeal(keptSecret(dataDir));
    if (kept.check.equals(check)) return kept;
  }
  throw new Error(
    `the keys in ${dataDir} were sealed with a secret that is neither TOKENDESK_SECRET nor ${join(dataDir, SECRET_FILE)}: give the one the service ran with`,
  );
}
