import type Database from 'better-sqlite3';
import type { OptionKey } from '../../../src/contract/status';
import type { KeySeal } from '../key-seal';
import type { ModelFields, ModelRow } from '../model-record';
import * as record from '../model-record';
import type { ModelPort } from '../ports/models';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';
import { keptLookUp } from './tokens-state';

const QUOTA_PER_UNIT: OptionKey = 'QuotaPerUnit';

/** SQLite binds no booleans: the switches are stored as 0 and 1. */
const bindable = <T extends ModelFields>(row: T) => ({
  ...row,
  stream_usage: row.stream_usage ? 1 : 0,
  enabled: row.enabled ? 1 : 0,
});

/**
 * The models on SQLite: each change in the group commit, with its audit record. The gateway's
 * models are kept until the models or the options change (`models`, tokens-state.ts), each
 * change telling it in its write.
 */
export function sqliteModels(
  db: Database.Database,
  writes: GroupCommit,
  auditLog: SqliteAudit,
  seal: KeySeal,
  clock: () => number,
  models: { state: () => string; changed: () => void },
): ModelPort {
  const statements = {
    all: db.prepare<[], ModelRow>(`SELECT ${record.MODEL_COLUMNS} FROM models ORDER BY name`),
    byId: db.prepare<[number], ModelRow>(`SELECT ${record.MODEL_COLUMNS} FROM models WHERE id = ?`),
    nameTaken: db.prepare<[string, number], { id: number }>(
      'SELECT id FROM models WHERE name = ? AND id <> ?',
    ),
    insert: db.prepare<[ModelFields], ModelRow>(
      `INSERT INTO models (${record.MODEL_FIELDS.join(', ')})
        VALUES (${record.MODEL_FIELDS.map((column) => `@${column}`).join(', ')})
        RETURNING ${record.MODEL_COLUMNS}`,
    ),
    update: db.prepare<[ModelRow], ModelRow>(
      `UPDATE models SET ${record.MODEL_FIELDS.map((column) => `${column} = @${column}`).join(', ')}
        WHERE id = @id RETURNING ${record.MODEL_COLUMNS}`,
    ),
    remove: db.prepare<[number], ModelRow>(
      `DELETE FROM models WHERE id = ? RETURNING ${record.MODEL_COLUMNS}`,
    ),
    // The ratio of the moment with the model, in one read.
    forGateway: db.prepare<[string, string], ModelRow & { quota_per_unit: string | null }>(
      `SELECT ${record.MODEL_COLUMNS}, (SELECT value FROM options WHERE key = ?) AS quota_per_unit
        FROM models WHERE name = ?`,
    ),
  };

  const keptGatewayModel = keptLookUp(
    models.state,
    (name: string) => {
      const row = statements.forGateway.get(QUOTA_PER_UNIT, name);
      if (!row) return null;
      const found = record.gatewayModelOf(row, seal);
      Object.freeze(found.model);
      return found;
    },
    (name) => name,
  );

  return {
    models: async () => statements.all.all().map(record.modelOf),

    createModel: (input, audit) =>
      writes.run(() => {
        models.changed();
        if (statements.nameTaken.get(input.name, 0)) return { outcome: 'name_taken' } as const;
        const now = clock();
        const created = statements.insert.get(bindable(record.newModelFields(input, now, seal)))!;
        if (audit) auditLog.write(audit, record.modelAudit('model.create', null, created), now);
        return { outcome: 'saved', model: record.modelOf(created) } as const;
      }),

    updateModel: (patch, audit) =>
      writes.run(() => {
        models.changed();
        const row = statements.byId.get(patch.id);
        if (!row) return { outcome: 'not_found' } as const;
        if (patch.name !== undefined && statements.nameTaken.get(patch.name, row.id)) {
          return { outcome: 'name_taken' } as const;
        }
        const now = clock();
        const next = record.patchedModel(row, patch, now, seal);
        if (!next) return { outcome: 'saved', model: record.modelOf(row) } as const;
        const updated = statements.update.get(bindable(next))!;
        if (audit) auditLog.write(audit, record.modelAudit('model.update', row, updated), now);
        return { outcome: 'saved', model: record.modelOf(updated) } as const;
      }),

    removeModel: (id, audit) =>
      writes.run(() => {
        models.changed();
        const removed = statements.remove.get(id);
        if (removed && audit) {
          auditLog.write(audit, record.modelAudit('model.delete', removed, null), clock());
        }
        return removed !== undefined;
      }),

    async gatewayModel(name) {
      return keptGatewayModel(name);
    },
  };
}
