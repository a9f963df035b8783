import type Database from 'better-sqlite3';
import type { Option } from '../../../src/contract/status';
import { NAME_GRAMS_FUNCTION } from './name-grams';
import { RECOUNT_TALLIES } from './token-tallies';
import { INSERT_COLUMNS, type InsertRow, type TokenRow } from './token-row';
import { FIELD_COLUMNS, RECORD_COLUMNS } from '../token-record';
import { LOWER_EXPIRING_MARK } from '../webhook-look';

/** The SQLite store's statements about tokens and options, prepared once. */
export function tokenStatements(db: Database.Database) {
  return {
    byId: db.prepare<[number], TokenRow>(`SELECT ${RECORD_COLUMNS} FROM tokens WHERE id = ?`),
    sealedById: db.prepare<[number], TokenRow & { key_sealed: Buffer }>(
      `SELECT ${RECORD_COLUMNS}, key_sealed FROM tokens WHERE id = ?`,
    ),
    insert: db.prepare<[InsertRow]>(
      `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')})`,
    ),
    update: db.prepare<[TokenRow]>(
      `UPDATE tokens SET ${FIELD_COLUMNS.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`,
    ),
    // Before the update that sets remain_quota: token.quota_low is measured against it, and both
    // quota alerts may be sent again.
    setQuota: db.prepare<[number, number]>(
      'UPDATE tokens SET quota_set = ?, quota_alerts = 0 WHERE id = ?',
    ),
    // The deleted rows whole: the audit records what each was.
    remove: db.prepare<[number], TokenRow>(
      `DELETE FROM tokens WHERE id = ? RETURNING ${RECORD_COLUMNS}`,
    ),
    removeMany: db.prepare<[string], TokenRow>(
      `DELETE FROM tokens WHERE id IN (SELECT value FROM json_each(?)) RETURNING ${RECORD_COLUMNS}`,
    ),
    // An external-content FTS5 index is told the old text to forget it.
    indexName: db.prepare<[number | bigint, string]>(
      'INSERT INTO token_names (rowid, name) VALUES (?, ?)',
    ),
    forgetName: db.prepare<[number, string]>(
      "INSERT INTO token_names (token_names, rowid, name) VALUES ('delete', ?, ?)",
    ),
    rebuildNames: db.prepare("INSERT INTO token_names (token_names) VALUES ('rebuild')"),
    indexGrams: db.prepare<[number | bigint, string]>(
      'INSERT INTO token_grams (rowid, grams) VALUES (?, ?)',
    ),
    forgetGrams: db.prepare<[number]>('DELETE FROM token_grams WHERE rowid = ?'),
    // For the rows of a bulk load: one statement, rather than a call from JavaScript per row.
    indexGramsAfter: db.prepare<[number]>(
      `INSERT INTO token_grams (rowid, grams) SELECT id, ${NAME_GRAMS_FUNCTION}(name) FROM tokens WHERE id > ?`,
    ),
    lastId: db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM tokens').pluck(),
    tokenIndexesAndTriggers: db.prepare<
      [],
      { type: 'index' | 'trigger'; name: string; sql: string }
    >(
      "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') AND tbl_name = 'tokens' AND sql IS NOT NULL",
    ),
    total: db.prepare<[], { total: number }>('SELECT total FROM token_count'),
    addToTotal: db.prepare<[number]>('UPDATE token_count SET total = total + ?'),
    recount: db.prepare('UPDATE token_count SET total = (SELECT count(*) FROM tokens)'),
    recountTallies: db.prepare(RECOUNT_TALLIES),
    options: db.prepare<[], Option>('SELECT key, value FROM options'),
    option: db.prepare<[string], string>('SELECT value FROM options WHERE key = ?').pluck(),
    setOption: db.prepare<[string, string]>(
      'INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    lowerExpiringMark: db.prepare<[number]>(LOWER_EXPIRING_MARK.sqlite),
    ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
  };
}

export type TokenStatements = ReturnType<typeof tokenStatements>;
