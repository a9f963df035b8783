import type { Token, TokenCreate, TokenListQuery, TokenUpdate } from '../../../src/contract/token';
import type { TokenPage, TokenSummary } from '../../../src/contract/token-page';
import type { RotateResult } from '../../../src/contract/verify';
import type { Audited } from './audit';

/** The filters a list and a summary share. */
export type TokenFilterQuery = Pick<TokenListQuery, 'keyword' | 'token'>;

/** Why a change was not made; the record is left as it was. */
export type UpdateRefusal = 'expired' | 'exhausted';

export type UpdateResult =
  | { outcome: 'updated'; token: Token }
  | { outcome: 'not_found' }
  | { outcome: 'refused'; reason: UpdateRefusal }
  /** The actor's role may not change this field (models or subnet); nothing was changed. */
  | { outcome: 'forbidden'; field: 'models' | 'subnet' };

/**
 * The tokens, as the dashboard reads and changes them. Tokens come back with their returned
 * status (3 expired, 4 exhausted derived at read time) and with the key masked, except from
 * `create` and `reveal`. Methods are async so an engine with a network round trip fits.
 */
export interface TokenPort {
  list(query: TokenListQuery): Promise<TokenPage>;
  /** The same page as list(), as JSON text: what the service sends, without building objects. */
  listJson(query: TokenListQuery): Promise<string>;
  get(id: number): Promise<Token | null>;
  /** The new token with its whole key. */
  create(input: TokenCreate, audit?: Audited): Promise<Token>;
  /** Fields left out keep their values; switching a disabled token on is refused when the result is expired or exhausted. */
  update(patch: TokenUpdate, audit?: Audited): Promise<UpdateResult>;
  remove(id: number, audit?: Audited): Promise<boolean>;
  /** How many of the ids existed and are now deleted. */
  removeMany(ids: readonly number[], audit?: Audited): Promise<number>;
  /** Counts by returned status and the quota left on limited tokens, of those matching the filter. */
  summary(filter: TokenFilterQuery): Promise<TokenSummary>;
  /** The whole key, or null for an unknown id. */
  reveal(id: number, audit?: Audited): Promise<string | null>;
  /**
   * A new whole key for the token (null: no such token); the previous key still verifies for
   * `graceSeconds`, and the one before it no longer.
   */
  rotate(id: number, graceSeconds: number, audit?: Audited): Promise<RotateResult | null>;
}
