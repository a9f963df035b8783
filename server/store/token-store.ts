import type { AdminIdentity, AdminKey, AdminKeyCreate } from '../../src/contract/admin-key';
import type { AuditContext, AuditPage, AuditQuery } from '../../src/contract/audit';
import type { Option, OptionKey } from '../../src/contract/status';
import type { Token, TokenCreate, TokenListQuery, TokenUpdate } from '../../src/contract/token';
import type { TokenPage, TokenSummary } from '../../src/contract/token-page';
import type {
  UsageFigures,
  UsageRange,
  UsageReport,
  UsageReportResult,
} from '../../src/contract/usage';
import type { RotateResult, TokenVerify, VerifyResult } from '../../src/contract/verify';
import type { AuditRow } from './audit-entry';
import type { UsageSum } from './usage-meter';

/** The filters a list and a summary share. */
export type TokenFilterQuery = Pick<TokenListQuery, 'keyword' | 'token'>;

/**
 * Every stored field of a token but the id, as seeding and demo data provide them: the wire's
 * fields, with status only the administrator's switch (1 or 2), and no rotation yet.
 */
export type TokenRecordInput = Omit<Token, 'id' | 'status' | 'previous_key_valid_until'> & {
  status: 1 | 2;
};

/** Why a change was not made; the record is left as it was. */
export type UpdateRefusal = 'expired' | 'exhausted';

export type UpdateResult =
  | { outcome: 'updated'; token: Token }
  | { outcome: 'not_found' }
  | { outcome: 'refused'; reason: UpdateRefusal }
  /** The actor's role may not change this field (models or subnet); nothing was changed. */
  | { outcome: 'forbidden'; field: 'models' | 'subnet' };

/**
 * The storage engine behind the routes. Tokens come back with their returned status
 * (3 expired, 4 exhausted derived at read time) and with the key masked, except from
 * `create` and `reveal`. Methods are async so an engine with a network round trip fits.
 */
/** A usage report's answer; null when no token has the key or id. */
export type ReportOutcome = UsageReportResult | null;

/** What gateways call, on every request they serve. */
export interface GatewayCalls {
  /**
   * A gateway's check of a key, and its charge when the key may pass: the check and the charge
   * are one atomic step, and a charge is on disk before this resolves.
   */
  verify(request: TokenVerify): Promise<VerifyResult>;
  /** Settles what a request really cost; a request_id counts once within 24 hours. */
  report(report: UsageReport): Promise<ReportOutcome>;
  /** Writes the usage figures and last-used times gathered so far (they wait up to a second). */
  flushUsage(): Promise<void>;
}

/**
 * Who makes a change, written with it to the audit in the same transaction. The routes always
 * pass it; tools that load data (the seed, the demo tokens) and tests of other things leave it out.
 */
type Audited = AuditContext | undefined;

export interface TokenStore extends GatewayCalls {
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
  /** The store's clock, Unix seconds: what it stamps times and meters usage with. */
  now(): number;
  /** The usage figures of one token (null: no such token), or of all tokens. */
  usage(range: UsageRange, tokenId?: number): Promise<UsageFigures | null>;
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
  /**
   * Adds usage sums as they are, in one transaction: figures of the past, for loading a
   * database to try the usage screens and routes at scale (the seed script).
   */
  addUsage(sums: readonly UsageSum[]): Promise<void>;
  /**
   * Adds audit records as they are, every batch in one transaction: a past of changes, for
   * loading a database to try the audit at scale (the seed script). Changes nothing else.
   */
  addAudit(batches: Iterable<readonly AuditRow[]>): Promise<void>;
  /** Every known option, stored value or default, as strings. */
  getOptions(): Promise<Option[]>;
  setOption(key: OptionKey, value: string, audit?: Audited): Promise<Option[]>;
  /** Every stored admin key, oldest first, keys masked. */
  adminKeys(): Promise<AdminKey[]>;
  /** A new admin key, with the whole key: the only time it is known. */
  createAdminKey(input: AdminKeyCreate, audit: AuditContext): Promise<AdminKey>;
  /** Deletes the key, so it is refused from the next request on; false for an unknown id. */
  revokeAdminKey(id: number, audit: AuditContext): Promise<boolean>;
  /**
   * The stored admin key with this SHA-256 digest, or null (never made, or revoked). Marks it
   * used, at most once a minute.
   */
  identifyAdminKey(digest: Buffer): Promise<AdminIdentity | null>;
  /** A page of the audit, newest first. */
  auditPage(query: AuditQuery): Promise<AuditPage>;
  /** Resolves while the engine answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
