import type {
  Delivery,
  DeliveryPage,
  EventSummary,
  Webhook,
  WebhookCreateInput,
  WebhookUpdate,
} from '../contract/webhook';
import {
  TokenStatus,
  type StoredStatus,
  type Token,
  type TokenCreate,
  type TokenListQuery,
} from '../contract/token';
import { type TokenSummary } from '../contract/token-page';
import type { AuditPage, AuditQuery } from '../contract/audit';
import type { AdminIdentity, AdminKey, AdminKeyCreate } from '../contract/admin-key';
import type { Model, ModelCreate, ModelTest, ModelUpdate } from '../contract/model';
import type { StatusInfo } from '../contract/status';
import type { UsageBucket, UsageFigures } from '../contract/usage';
import type { RotateResult } from '../contract/verify';
import type { ServerKind } from './client';

export type { StoredStatus };

/** Tokens per minute, which only LiteLLM limits per token; 0 is no limit. */
export interface TpmLimited {
  tpm_limit?: number;
}

/** A token's limit in tokens per minute, where its server keeps one; else 0, no limit. */
export const tpmLimitOf = (token: Token): number =>
  'tpm_limit' in token && typeof token.tpm_limit === 'number' ? token.tpm_limit : 0;

/** The fields a person can change; an update sends those the person changed (changedFields). */
export type TokenEdit = Pick<
  Token,
  | 'name'
  | 'remain_quota'
  | 'expired_time'
  | 'unlimited_quota'
  | 'models'
  | 'subnet'
  | 'quota_reset_period'
  | 'quota_reset_amount'
  | 'rpm_limit'
> & { status: StoredStatus } & TpmLimited;

export type ListParams = Pick<TokenListQuery, 'p' | 'size'> &
  Partial<Pick<TokenListQuery, 'keyword' | 'token' | 'status' | 'order'>>;

/** What a search asks for, by name or by whole key: the part of a list's filter a summary takes. */
export type TokenSearch = Pick<ListParams, 'keyword' | 'token'>;

/** A page of tokens as every kind of server is shown: the total only where the server knows it. */
export interface TokenListPage {
  items: Token[];
  total: number | null;
  page: number;
  pageSize: number;
  hasNext: boolean;
  /** The server stopped counting at `total`: more than that many match. */
  totalCapped: boolean;
  /** Set when the server could not filter or sort, and every token was fetched to do it here. */
  scanned: number | null;
  /** The server holds more tokens than were fetched to do it here: only the newest were. */
  partialScan?: boolean;
}

/**
 * A page from a server that counts its matches: there is more while the count goes beyond it,
 * or, where the count stopped (`totalCapped`), while a page comes back full.
 */
export function countedPage(
  items: Token[],
  total: number,
  page: number,
  pageSize: number,
  totalCapped = false,
): TokenListPage {
  const hasNext = page * pageSize < total || (totalCapped && items.length === pageSize);
  return { items, total, page, pageSize, hasNext, totalCapped, scanned: null };
}

export type ListProgress = (loaded: number) => void;

/** The range of usage figures asked for: Unix seconds, buckets aligned to UTC. */
export interface UsageAsk {
  from: number;
  to: number;
  bucket: UsageBucket;
}

/** Whose usage: one token (its name is how the gateways' logs know it), or null for all. */
export type UsageScope = Pick<Token, 'id' | 'name'> | null;

/** Usage figures as every kind of server is shown. */
export interface UsageView {
  figures: UsageFigures;
  /** Where the figures were summed from the server's logs: how many were read, and whether the range held more than the bound (the figures are then partial). */
  logs: { read: number; bound: number; partial: boolean } | null;
  /** Whether the server counts denied verifies (by code); gateways' logs do not hold them. */
  deniedCounted: boolean;
}

/** Progress of a usage read that pages through logs: how many were read so far. */
export type UsageProgress = (read: number) => void;

/**
 * Controls shown switched off on a server, each with its reason in LiteLLM's terms: the whole
 * key, of which it keeps only a hash; rotation, which its Enterprise licence unlocks; IP ranges
 * per key, which it has not; a refill's amount, which is always the whole budget there; a quota
 * ratio, which it does not keep, as it counts in USD; admin keys, its master key being the one.
 */
export type Unavailable =
  'reveal' | 'rotate' | 'subnet' | 'refill-amount' | 'quota-ratio' | 'admin-keys';

/** What the screens need from a server, whatever kind it is. */
export interface TokenBackend {
  readonly kind: ServerKind;
  /** Page sizes the server accepts; null when it has one fixed size. */
  readonly pageSizes: readonly number[] | null;
  /**
   * How long to wait after the last keystroke before searching: 0 where the search runs here, on
   * tokens already fetched; short where the server answers a search at once; longer where it
   * limits how often one may search.
   */
  readonly searchDelayMs: number;
  list(params: ListParams, onProgress?: ListProgress): Promise<TokenListPage>;
  get(id: number): Promise<Token>;
  /** The new token with its whole key, or null when the server does not return it. */
  create(input: TokenCreate & TpmLimited): Promise<Token | null>;
  update(loaded: Token, edit: Partial<TokenEdit>): Promise<Token>;
  setStatus(id: number, status: StoredStatus): Promise<Token>;
  remove(id: number): Promise<void>;
  /** Deletes up to 100 at once where the server can; returns how many were deleted. */
  removeMany: ((ids: number[]) => Promise<number>) | null;
  reveal(id: number): Promise<string>;
  status(): Promise<StatusInfo>;
  /**
   * Counts for the header strip, of the tokens a search finds (of every token without one); null
   * when the server cannot give them cheaply.
   */
  summary: ((search?: TokenSearch) => Promise<TokenSummary>) | null;
  setQuotaPerUnit(value: number): Promise<void>;
  usage(scope: UsageScope, ask: UsageAsk, onProgress?: UsageProgress): Promise<UsageView>;
  /**
   * Refills, rate limits and rotation: null where the server has them, else why not (shown
   * beside the disabled controls).
   */
  readonly lifecycleMissing: 'gateway' | null;
  readonly unavailable: readonly Unavailable[];
  /** Whether tokens can be limited in tokens per minute (`tpm_limit`) besides requests. */
  readonly tpmLimits: boolean;
  /** A new whole key; the old one still works for `graceSeconds`. Null where the server cannot. */
  rotate: ((id: number, graceSeconds: number) => Promise<RotateResult>) | null;
  /** A page of the record of changes and reveals, newest first; null where the server keeps none. */
  audit: ((query: AuditQuery) => Promise<AuditPage>) | null;
  /** Who the connected key is, and so what it may do. */
  identity(): Promise<AdminIdentity>;
  /** Listing, creating and revoking admin keys; null where the server has one key only. */
  adminKeys: AdminKeysAccess | null;
  /** The models of the service's own gateway; null where the server manages its models itself. */
  models: ModelsAccess | null;
  /** Webhook endpoints and a token's events; null where the server sends none. */
  webhooks: WebhooksAccess | null;
}

export interface WebhooksAccess {
  list(): Promise<Webhook[]>;
  /** The new endpoint, its secret whole this once. */
  create(input: WebhookCreateInput): Promise<Webhook>;
  update(patch: WebhookUpdate): Promise<Webhook>;
  remove(id: number): Promise<void>;
  /** The endpoint with a new secret, whole this once. */
  rotate(id: number): Promise<Webhook>;
  test(id: number): Promise<Delivery>;
  /** A page of deliveries, newest first: older than `before` when given. */
  deliveries(id: number, before?: number): Promise<DeliveryPage>;
  resend(id: number, deliveryId: number): Promise<Delivery>;
  tokenEvents(tokenId: number): Promise<EventSummary[]>;
}

export interface AdminKeysAccess {
  list(): Promise<AdminKey[]>;
  /** The new key, whole this once. */
  create(input: AdminKeyCreate): Promise<AdminKey>;
  revoke(id: number): Promise<void>;
}

export interface ModelsAccess {
  /** Every model, ordered by name; upstream keys masked. */
  list(): Promise<Model[]>;
  create(input: ModelCreate): Promise<Model>;
  /** Fields left out keep their values; an upstream_key of "" removes the key. */
  update(patch: ModelUpdate): Promise<Model>;
  remove(id: number): Promise<void>;
  /** One tiny request to the model's upstream, charged to no token. */
  test(id: number): Promise<ModelTest>;
}

/** A token's switch: derived states (expired, exhausted) are stored as enabled. */
export const storedStatus = (token: Pick<Token, 'status'>): StoredStatus =>
  token.status === TokenStatus.disabled ? TokenStatus.disabled : TokenStatus.enabled;

/**
 * The fields of an edit that differ from the token as the form loaded it: all an update should
 * send, so that what changed meanwhile in a field the person left alone (the quota a key spent
 * while the form was open, another person's edit) is kept rather than written back as it was.
 */
export function changedFields(loaded: Token, edit: Partial<TokenEdit>): Partial<TokenEdit> {
  const before: Record<string, unknown> = {
    ...editableFields(loaded),
    tpm_limit: tpmLimitOf(loaded),
  };
  return Object.fromEntries(
    Object.entries(edit).filter(([field, value]) => value !== undefined && value !== before[field]),
  );
}

export function editableFields(token: Token): TokenEdit {
  return {
    name: token.name,
    remain_quota: token.remain_quota,
    expired_time: token.expired_time,
    unlimited_quota: token.unlimited_quota,
    models: token.models,
    subnet: token.subnet,
    quota_reset_period: token.quota_reset_period,
    quota_reset_amount: token.quota_reset_amount,
    rpm_limit: token.rpm_limit,
    status: storedStatus(token),
  };
}
