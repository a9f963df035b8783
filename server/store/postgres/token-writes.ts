import type { AuditContext } from '../../../src/contract/audit';
import type { OptionKey, Option } from '../../../src/contract/status';
import type { TokenCreate, TokenUpdate } from '../../../src/contract/token';
import { changesSomething } from '../audit-entry';
import type { KeySeal } from '../key-seal';
import { OPTION_DEFAULTS } from '../option-defaults';
import { EXPIRING_DAYS_OPTION, expiringHorizon, LOWER_EXPIRING_MARK } from '../webhook-look';
import {
  auditOfCreateSql,
  auditOfRowsSql,
  auditOfRowsValues,
  tokenJsonAfterId,
  writeAudit,
} from './audit';
import type { Query, Transaction } from './connection';
import { rotatePostgres } from './rotate';
import { foldName } from './schema';
import { INSERT_COLUMNS, SELECT_RECORD, insertValues, tokenJson, type TokenRow } from './sql';
import { judgeUpdate, newTokenRecord, toToken } from '../token-record';
import type { UpdateResult } from '../ports/tokens';

export interface TokenWriteDeps {
  query: Query;
  transaction: Transaction;
  seal: KeySeal;
  clock: () => number;
  /** Applies the refills that fell due. */
  catchUp: (now?: number) => Promise<void>;
}

/**
 * The PostgreSQL store's changes to tokens and options, each with its audit record (when an
 * actor is given) in the change's own statement or transaction.
 */
export function postgresTokenWrites({ query, transaction, seal, clock, catchUp }: TokenWriteDeps) {
  /** Deletes the tokens of `ids`, each with its audit record when `audit` is given: one statement. */
  const removeTokens = async (ids: readonly number[], audit?: AuditContext) => {
    // Refills that fell due first: the audit records each token as a read would show it.
    await catchUp();
    if (!audit) {
      const { rowCount } = await query('DELETE FROM tokens WHERE id = ANY($1::bigint[])', [
        [...ids],
      ]);
      return rowCount ?? 0;
    }
    const now = clock();
    const { rows } = await query<{ removed: number }>(
      `WITH source AS (DELETE FROM tokens WHERE id = ANY($1::bigint[]) RETURNING *),
        recorded AS (${auditOfRowsSql('token.delete', tokenJson('$2'), 2)} RETURNING 1)
      SELECT count(*)::int AS removed FROM recorded`,
      [[...ids], ...auditOfRowsValues(audit, now)],
    );
    return rows[0]?.removed ?? 0;
  };

  return {
    async create(input: TokenCreate, audit?: AuditContext) {
      const now = clock();
      const record = newTokenRecord(input, now);
      const insert = `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')})
          VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`;
      const values = insertValues(record, seal);
      // With its audit record, still one statement (one round trip).
      const { rows } = await query<{ id: number }>(
        audit
          ? `WITH source AS (${insert}), recorded AS (${auditOfCreateSql(values.length + 1)})
            SELECT id FROM source`
          : insert,
        audit
          ? [...values, ...auditOfRowsValues(audit, now), tokenJsonAfterId(record, now)]
          : values,
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('the insert returned no id');
      return toToken({ ...record, id }, now, record.key);
    },

    async update(patch: TokenUpdate, audit?: AuditContext) {
      const now = clock();
      await catchUp(now);
      // The row stays locked from the read to the commit: concurrent updates of one token
      // apply one after another, each to the whole result of the one before.
      return transaction(async (client): Promise<UpdateResult> => {
        const { rows } = await client.query<TokenRow>(
          `SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1 FOR UPDATE`,
          [patch.id],
        );
        const stored = rows[0];
        if (!stored) return { outcome: 'not_found' };
        const judged = judgeUpdate(stored, patch, now, audit);
        if (judged.outcome !== 'patched') return judged;
        const { next } = judged;
        await client.query(
          `UPDATE tokens SET name = $2, name_folded = $3, status = $4, remain_quota = $5,
            unlimited_quota = $6, expired_time = $7, models = $8, subnet = $9,
            quota_reset_period = $10, quota_reset_amount = $11, next_reset_time = $12,
            rpm_limit = $13, quota_set = coalesce($14, quota_set),
            quota_alerts = CASE WHEN $14::bigint IS NULL THEN quota_alerts ELSE 0 END
          WHERE id = $1`,
          [
            next.id,
            next.name,
            foldName(next.name),
            next.status,
            next.remain_quota,
            next.unlimited_quota,
            next.expired_time,
            next.models,
            next.subnet,
            next.quota_reset_period,
            next.quota_reset_amount,
            next.next_reset_time,
            next.rpm_limit,
            // What token.quota_low is measured against, when this edit sets the quota; both quota
            // alerts may then be sent again.
            patch.remain_quota ?? null,
          ],
        );
        const token = toToken(next, now, next.key_masked);
        const entry = {
          action: 'token.update' as const,
          token_id: stored.id,
          before: toToken(stored, now, stored.key_masked),
          after: token,
        };
        if (audit && changesSomething(entry)) await writeAudit(client, audit, entry, now);
        return { outcome: 'updated', token };
      });
    },

    async remove(id: number, audit?: AuditContext) {
      return (await removeTokens([id], audit)) > 0;
    },

    removeMany: removeTokens,

    async reveal(id: number, audit?: AuditContext) {
      if (audit) await catchUp();
      // With its audit record, one statement: the record is written before the key is handed out.
      const { rows } = await query<{ key_sealed: Buffer }>(
        audit
          ? `WITH source AS (SELECT * FROM tokens WHERE id = $1),
              recorded AS (${auditOfRowsSql('token.reveal', tokenJson('$2'), 2)})
            SELECT key_sealed FROM source`
          : 'SELECT key_sealed FROM tokens WHERE id = $1',
        audit ? [id, ...auditOfRowsValues(audit, clock())] : [id],
      );
      return rows[0] ? seal.open(rows[0].key_sealed) : null;
    },

    async setOption(key: OptionKey, value: string, audit?: AuditContext) {
      await transaction(async (client) => {
        const { rows } = await client.query<Option>(
          'SELECT key, value FROM options WHERE key = $1 FOR UPDATE',
          [key],
        );
        await client.query(
          'INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, value],
        );
        if (key === EXPIRING_DAYS_OPTION) {
          await client.query(LOWER_EXPIRING_MARK.postgres, [expiringHorizon(clock(), value)]);
        }
        const before = rows[0] ?? { key, value: OPTION_DEFAULTS[key] };
        const entry = {
          action: 'option.update' as const,
          token_id: null,
          before,
          after: { key, value },
        };
        if (audit && changesSomething(entry)) await writeAudit(client, audit, entry, clock());
      });
    },

    async rotate(id: number, graceSeconds: number, audit?: AuditContext) {
      const now = clock();
      await catchUp(now);
      if (!audit) return rotatePostgres(query, seal, id, graceSeconds, now);
      return transaction(async (client) => {
        const { rows } = await client.query<TokenRow>(
          `SELECT ${SELECT_RECORD} FROM tokens WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const stored = rows[0];
        if (!stored) return null;
        const rotated = await rotatePostgres(
          (sql, values) => client.query(sql, values),
          seal,
          id,
          graceSeconds,
          now,
        );
        if (rotated) {
          const before = toToken(stored, now, stored.key_masked);
          await writeAudit(
            client,
            audit,
            { action: 'token.rotate', token_id: id, before, after: rotated.token },
            now,
          );
        }
        return rotated;
      });
    },
  };
}
