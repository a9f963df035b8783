import type Database from 'better-sqlite3';
import type { AuditContext } from '../../../src/contract/audit';
import type { OptionKey } from '../../../src/contract/status';
import { maskKey, type TokenCreate, type TokenUpdate } from '../../../src/contract/token';
import { changesSomething } from '../audit-entry';
import type { KeySeal } from '../key-seal';
import { OPTION_DEFAULTS } from '../option-defaults';
import { EXPIRING_DAYS_OPTION, expiringHorizon } from '../webhook-look';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';
import { nameGrams } from './name-grams';
import type { TokenInserts } from './token-inserts';
import type { sqliteQuotaResets } from './quota-resets';
import { sqliteRotation } from './rotate';
import type { TokenStatements } from './token-statements';
import { fromRow, type TokenRow } from './token-row';
import { judgeUpdate, newTokenRecord, toToken } from '../token-record';
import type { UpdateResult } from '../ports/tokens';

export interface TokenWriteDeps {
  db: Database.Database;
  statements: TokenStatements;
  inserts: TokenInserts;
  writes: GroupCommit;
  resets: ReturnType<typeof sqliteQuotaResets>;
  auditLog: SqliteAudit;
  seal: KeySeal;
  clock: () => number;
  /** Told of each change of an option, in its write: the gateway's kept models hold the ratio. */
  optionChanged: () => void;
}

/**
 * The SQLite store's changes to tokens and options, each in the group commit with its audit
 * record (when an actor is given) and the refills that fell due applied first.
 */
export function sqliteTokenWrites(deps: TokenWriteDeps) {
  const { db, statements, inserts, writes, resets, auditLog, seal, clock } = deps;
  const rotation = sqliteRotation(db, seal);
  const tokenOf = (row: TokenRow, now: number) => toToken(fromRow(row), now, row.key_masked);

  const removeRows = db.transaction((rows: () => TokenRow[], audit?: AuditContext) => {
    const removed = rows();
    const now = clock();
    for (const row of removed) {
      statements.forgetName.run(row.id, row.name);
      statements.forgetGrams.run(row.id);
      if (audit) {
        auditLog.write(
          audit,
          { action: 'token.delete', token_id: row.id, before: tokenOf(row, now), after: null },
          now,
        );
      }
    }
    statements.addToTotal.run(-removed.length);
    return removed.length;
  });

  const applyUpdate = db.transaction(
    (patch: TokenUpdate, now: number, audit?: AuditContext): UpdateResult => {
      const row = statements.byId.get(patch.id);
      if (!row) return { outcome: 'not_found' };
      const judged = judgeUpdate(fromRow(row), patch, now, audit);
      if (judged.outcome !== 'patched') return judged;
      const { next } = judged;
      if (patch.remain_quota !== undefined) statements.setQuota.run(patch.remain_quota, row.id);
      statements.update.run({ ...next, unlimited_quota: next.unlimited_quota ? 1 : 0 });
      if (next.name !== row.name) {
        statements.forgetName.run(row.id, row.name);
        statements.indexName.run(row.id, next.name);
        statements.forgetGrams.run(row.id);
        statements.indexGrams.run(row.id, nameGrams(next.name));
      }
      const token = toToken(next, now, next.key_masked);
      const entry = {
        action: 'token.update' as const,
        token_id: row.id,
        before: tokenOf(row, now),
        after: token,
      };
      if (audit && changesSomething(entry)) auditLog.write(audit, entry, now);
      return { outcome: 'updated', token };
    },
  );

  return {
    async create(input: TokenCreate, audit?: AuditContext) {
      const now = clock();
      const record = newTokenRecord(input, now);
      const id = await writes.run(() => {
        const id = inserts.one(record);
        if (audit) {
          const after = toToken({ ...record, id }, now, maskKey(record.key));
          auditLog.write(audit, { action: 'token.create', token_id: id, before: null, after }, now);
        }
        return id;
      });
      return toToken({ ...record, id }, now, record.key);
    },

    async update(patch: TokenUpdate, audit?: AuditContext) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return applyUpdate(patch, now, audit);
      });
    },

    async remove(id: number, audit?: AuditContext) {
      const now = clock();
      const removed = await writes.run(() => {
        // Refills that fell due first: the audit records each token as a read would show it.
        resets.applyDue(now);
        return removeRows(() => statements.remove.all(id), audit);
      });
      return removed > 0;
    },

    async removeMany(ids: readonly number[], audit?: AuditContext) {
      const list = JSON.stringify(ids);
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        return removeRows(() => statements.removeMany.all(list), audit);
      });
    },

    async reveal(id: number, audit?: AuditContext) {
      const reveal = () => {
        const row = statements.sealedById.get(id);
        if (!row) return null;
        if (audit) {
          const now = clock();
          const token = tokenOf(row, now);
          auditLog.write(
            audit,
            { action: 'token.reveal', token_id: id, before: token, after: token },
            now,
          );
        }
        return seal.open(row.key_sealed);
      };
      // A reveal is recorded, and so written, before the key is handed out; with refills that
      // fell due applied first, as a read would show the token.
      const now = clock();
      return audit
        ? writes.run(() => {
            resets.applyDue(now);
            return reveal();
          })
        : reveal();
    },

    async setOption(key: OptionKey, value: string, audit?: AuditContext) {
      const now = clock();
      await writes.run(() => {
        // Read in the write's transaction: the value this change replaces.
        const before = { key, value: statements.option.get(key) ?? OPTION_DEFAULTS[key] };
        statements.setOption.run(key, value);
        if (key === EXPIRING_DAYS_OPTION) {
          statements.lowerExpiringMark.run(expiringHorizon(now, value));
        }
        deps.optionChanged();
        const entry = {
          action: 'option.update' as const,
          token_id: null,
          before,
          after: { key, value },
        };
        if (audit && changesSomething(entry)) auditLog.write(audit, entry, now);
      });
    },

    async rotate(id: number, graceSeconds: number, audit?: AuditContext) {
      const now = clock();
      return writes.run(() => {
        resets.applyDue(now);
        const before = statements.byId.get(id);
        const rotated = rotation(id, graceSeconds, now);
        if (rotated && before && audit) {
          auditLog.write(
            audit,
            {
              action: 'token.rotate',
              token_id: id,
              before: tokenOf(before, now),
              after: rotated.token,
            },
            now,
          );
        }
        return rotated;
      });
    },
  };
}
