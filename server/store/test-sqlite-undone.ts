import type Database from 'better-sqlite3';
import { ADMIN_KEYS_AND_AUDIT } from './sqlite/admin-schema';
import { MODELS, USAGE_HOLDS, USAGE_TOKENS } from './sqlite/gateway-schema';
import { LOG_RESTARTS } from './sqlite/log-restarts-schema';
import { SQLITE_MIGRATIONS } from './sqlite/schema';
import { TOKEN_TALLIES } from './sqlite/token-tallies';
import { USAGE_DAYS } from './sqlite/usage-days-schema';
import { WEBHOOK_PREVIOUS_SECRETS, WEBHOOKS } from './sqlite/webhook-schema';
import { SQLITE_WEBHOOKS_UNDONE } from './test-webhooks-undone';

const dropColumns = (table: string, columns: string[]) =>
  columns.map((column) => `ALTER TABLE ${table} DROP COLUMN ${column}`).join('; ');

/** The version before the daily usage sums: the earliest a test takes a database back to. */
export const BEFORE_DAILY_SUMS = SQLITE_MIGRATIONS.indexOf(USAGE_DAYS);

/** What each migration from the daily sums on made, undone. A new migration adds its own here. */
const UNDONE = new Map<(typeof SQLITE_MIGRATIONS)[number], string>([
  [USAGE_DAYS, 'DROP TABLE usage_days; DROP TABLE usage_total_days; DROP TABLE usage_token_days'],
  [ADMIN_KEYS_AND_AUDIT, 'DROP TABLE admin_keys; DROP TABLE audit'],
  [
    TOKEN_TALLIES,
    [
      'DROP TRIGGER tokens_tally_inserts',
      'DROP TRIGGER tokens_tally_deletes',
      'DROP TRIGGER tokens_tally_updates',
      dropColumns('token_count', ['disabled', 'unlimited', 'quota_left', 'out_of_quota']),
    ].join('; '),
  ],
  [MODELS, 'DROP TABLE models'],
  [USAGE_HOLDS, 'DROP TABLE usage_holds'],
  [
    USAGE_TOKENS,
    ['usage_hours', 'usage_totals', 'usage_days', 'usage_total_days']
      .map((table) => dropColumns(table, ['prompt_tokens', 'completion_tokens']))
      .join('; '),
  ],
  [WEBHOOKS, SQLITE_WEBHOOKS_UNDONE],
  [
    WEBHOOK_PREVIOUS_SECRETS,
    dropColumns('webhook_endpoints', ['previous_secret_sealed', 'previous_secret_valid_until']),
  ],
  [LOG_RESTARTS, 'DROP TABLE log_restarts'],
]);

/**
 * For tests that open a database of an earlier version: takes a closed store's SQLite database
 * back to `version`, every later migration undone, the latest first.
 */
export function undoSqliteMigrationsAfter(db: Database.Database, version: number): void {
  const undone = SQLITE_MIGRATIONS.slice(version).map((migration, i) => {
    const undo = UNDONE.get(migration);
    if (undo === undefined) throw new Error(`no undo for SQLite migration ${version + i + 1}`);
    return undo;
  });
  db.exec(`${undone.toReversed().join('; ')};
    DELETE FROM schema_migrations WHERE version > ${version};`);
  db.pragma(`user_version = ${version}`);
}
