import type { Token } from '../../../src/contract/token';

/**
 * Every stored field of a token but the id, as seeding and demo data provide them: the wire's
 * fields, with status only the administrator's switch (1 or 2), and no rotation yet.
 */
export type TokenRecordInput = Omit<Token, 'id' | 'status' | 'previous_key_valid_until'> & {
  status: 1 | 2;
};

/** Tokens loaded as they are, without an audit: the seed script and the demo tokens. */
export interface TokenLoadingPort {
  /** Inserts all tokens in one transaction: all of them or none. */
  insertMany(tokens: readonly TokenRecordInput[]): Promise<number>;
  /**
   * Like insertMany, only when there is no token yet, decided in the same transaction: of
   * several instances starting together on an empty database, one inserts. How many it inserted.
   */
  insertManyIfEmpty(tokens: readonly TokenRecordInput[]): Promise<number>;
  /**
   * Inserts every batch in one transaction, all or none, for loading many tokens at once: the
   * indexes are built once at the end rather than kept up with each row. Calls onBatch with the
   * count inserted so far after each batch.
   */
  bulkInsert(
    batches: Iterable<readonly TokenRecordInput[]>,
    onBatch?: (inserted: number) => void,
  ): Promise<number>;
}
