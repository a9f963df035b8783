import type Database from 'better-sqlite3';
import type { KeySeal } from '../key-seal';
import type { TokenRecordInput } from '../ports/token-loading';
import { nameGrams } from './name-grams';
import type { TokenStatements } from './token-statements';
import { insertRow } from './token-row';

/**
 * Inserts of whole token records on SQLite, each a transaction of its own (to run inside a write):
 * the row, its name in both name indexes, and the total.
 */
export function tokenInserts(db: Database.Database, statements: TokenStatements, seal: KeySeal) {
  const toRow = (record: TokenRecordInput) => insertRow(record, seal);
  const insertRecord = (record: TokenRecordInput): number => {
    const { lastInsertRowid } = statements.insert.run(toRow(record));
    statements.indexName.run(lastInsertRowid, record.name);
    statements.indexGrams.run(lastInsertRowid, nameGrams(record.name));
    return Number(lastInsertRowid);
  };

  return {
    /** The new token's id. */
    one: db.transaction((record: TokenRecordInput) => {
      const id = insertRecord(record);
      statements.addToTotal.run(1);
      return id;
    }),

    /** How many were inserted: all of them. */
    all: db.transaction((records: readonly TokenRecordInput[]) => {
      for (const record of records) insertRecord(record);
      statements.addToTotal.run(records.length);
      return records.length;
    }),

    // Building an index from sorted rows is several times faster than keeping it up with each
    // row; counting the tallies once afterwards, than a trigger's update for each row.
    bulk: db.transaction(
      (batches: Iterable<readonly TokenRecordInput[]>, onBatch?: (inserted: number) => void) => {
        const schema = statements.tokenIndexesAndTriggers.all();
        const before = statements.lastId.get() ?? 0;
        for (const { type, name } of schema) db.exec(`DROP ${type} "${name}"`);
        let inserted = 0;
        for (const batch of batches) {
          for (const record of batch) statements.insert.run(toRow(record));
          inserted += batch.length;
          onBatch?.(inserted);
        }
        for (const { sql } of schema) db.exec(sql);
        statements.rebuildNames.run();
        statements.indexGramsAfter.run(before);
        statements.addToTotal.run(inserted);
        statements.recountTallies.run();
        return inserted;
      },
    ),
  };
}

export type TokenInserts = ReturnType<typeof tokenInserts>;
