import type { OptionKey } from '../../../src/contract/status';
import type { KeySeal } from '../key-seal';
import type { ModelFields, ModelRow } from '../model-record';
import * as record from '../model-record';
import type { ModelPort, ModelWriteResult } from '../ports/models';
import { writeAudit } from './audit';
import type { Query, Transaction } from './connection';

const QUOTA_PER_UNIT: OptionKey = 'QuotaPerUnit';
const UNIQUE_VIOLATION = '23505';

const fieldValues = (row: ModelFields) => record.MODEL_FIELDS.map((column) => row[column]);

const INSERT = `INSERT INTO models (${record.MODEL_FIELDS.join(', ')})
  VALUES (${record.MODEL_FIELDS.map((_, i) => `$${i + 1}`).join(', ')})
  ON CONFLICT (name) DO NOTHING RETURNING ${record.MODEL_COLUMNS}`;
const UPDATE = `UPDATE models SET ${record.MODEL_FIELDS.map((column, i) => `${column} = $${i + 2}`).join(', ')}
  WHERE id = $1 RETURNING ${record.MODEL_COLUMNS}`;
// Byte order, as SQLite's BINARY: the same list on both engines whatever the database's locale.
const ALL = `SELECT ${record.MODEL_COLUMNS} FROM models ORDER BY name COLLATE "C"`;
// The ratio of the moment with the model, in one statement.
const FOR_GATEWAY = `SELECT ${record.MODEL_COLUMNS},
    (SELECT value FROM options WHERE key = $2) AS quota_per_unit
  FROM models WHERE name = $1`;

/**
 * The models on PostgreSQL: each change in one transaction with its audit record. A name taken
 * by a concurrent change through another instance is refused by the unique index, as name_taken.
 */
export function postgresModels(
  query: Query,
  transaction: Transaction,
  seal: KeySeal,
  clock: () => number,
): ModelPort {
  const nameTaken = async (work: () => Promise<ModelWriteResult>): Promise<ModelWriteResult> => {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { outcome: 'name_taken' };
      throw error;
    }
  };

  return {
    models: async () => (await query<ModelRow>(ALL)).rows.map(record.modelOf),

    createModel: (input, audit) =>
      transaction(async (client) => {
        const now = clock();
        const { rows } = await client.query<ModelRow>(
          INSERT,
          fieldValues(record.newModelFields(input, now, seal)),
        );
        const created = rows[0];
        if (!created) return { outcome: 'name_taken' };
        if (audit)
          await writeAudit(client, audit, record.modelAudit('model.create', null, created), now);
        return { outcome: 'saved', model: record.modelOf(created) };
      }),

    updateModel: (patch, audit) =>
      nameTaken(() =>
        transaction(async (client): Promise<ModelWriteResult> => {
          const { rows } = await client.query<ModelRow>(
            `SELECT ${record.MODEL_COLUMNS} FROM models WHERE id = $1 FOR UPDATE`,
            [patch.id],
          );
          const row = rows[0];
          if (!row) return { outcome: 'not_found' };
          if (patch.name !== undefined && patch.name !== row.name) {
            const taken = await client.query('SELECT 1 FROM models WHERE name = $1', [patch.name]);
            if ((taken.rowCount ?? 0) > 0) return { outcome: 'name_taken' };
          }
          const now = clock();
          const next = record.patchedModel(row, patch, now, seal);
          if (!next) return { outcome: 'saved', model: record.modelOf(row) };
          const { rows: updated } = await client.query<ModelRow>(UPDATE, [
            row.id,
            ...fieldValues(next),
          ]);
          const after = updated[0]!;
          if (audit)
            await writeAudit(client, audit, record.modelAudit('model.update', row, after), now);
          return { outcome: 'saved', model: record.modelOf(after) };
        }),
      ),

    removeModel: (id, audit) =>
      transaction(async (client) => {
        const { rows } = await client.query<ModelRow>(
          `DELETE FROM models WHERE id = $1 RETURNING ${record.MODEL_COLUMNS}`,
          [id],
        );
        const removed = rows[0];
        if (removed && audit) {
          await writeAudit(
            client,
            audit,
            record.modelAudit('model.delete', removed, null),
            clock(),
          );
        }
        return removed !== undefined;
      }),

    async gatewayModel(name) {
      const { rows } = await query<ModelRow & { quota_per_unit: string | null }>(FOR_GATEWAY, [
        name,
        QUOTA_PER_UNIT,
      ]);
      return rows[0] ? record.gatewayModelOf(rows[0], seal) : null;
    },
  };
}
