import type { Model, ModelCreate, ModelUpdate } from '../../src/contract/model';
import { DEFAULT_QUOTA_PER_UNIT } from '../../src/contract/status';
import type { AuditEntry } from './audit-entry';
import type { KeySeal } from './key-seal';
import type { GatewayModel } from './ports/models';

/**
 * A model as both engines store it: the upstream key sealed with the store's secret (null when
 * there is none) and masked, never in clear. Booleans are the engine's (0/1 on SQLite).
 */
export interface ModelRow {
  id: number;
  name: string;
  upstream_url: string;
  upstream_model: string;
  upstream_key_sealed: Buffer | null;
  upstream_key_masked: string;
  input_price: number;
  output_price: number;
  cached_input_price: number;
  max_output_tokens: number;
  stream_usage: boolean | number;
  enabled: boolean | number;
  created_time: number;
  updated_time: number;
}

/** Every stored column but the id, in the order INSERT and UPDATE statements list them. */
export const MODEL_FIELDS = [
  'name',
  'upstream_url',
  'upstream_model',
  'upstream_key_sealed',
  'upstream_key_masked',
  'input_price',
  'output_price',
  'cached_input_price',
  'max_output_tokens',
  'stream_usage',
  'enabled',
  'created_time',
  'updated_time',
] as const satisfies ReadonlyArray<keyof ModelRow>;

export const MODEL_COLUMNS = ['id', ...MODEL_FIELDS].join(', ');

export type ModelFields = Omit<ModelRow, 'id'>;

/**
 * The key as lists show it: its first three and last four characters (`sk-…a1b2`), enough to
 * tell keys apart; a key too short to hide its middle shows only its last two; none shows "".
 */
export function maskUpstreamKey(key: string): string {
  if (key === '') return '';
  if (key.length < 12) return `…${key.slice(-2)}`;
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

export function modelOf(row: ModelRow): Model {
  return {
    id: Number(row.id),
    name: row.name,
    upstream_url: row.upstream_url,
    upstream_model: row.upstream_model,
    upstream_key_masked: row.upstream_key_masked,
    input_price: row.input_price,
    output_price: row.output_price,
    cached_input_price: row.cached_input_price,
    max_output_tokens: row.max_output_tokens,
    stream_usage: Boolean(row.stream_usage),
    enabled: Boolean(row.enabled),
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}

/** The model with its key opened, and QuotaPerUnit as stored (null: its default). */
/** The most upstream keys kept opened per store: far more than any gateway has models. */
const OPENED_MAX = 256;
const openedKeys = new WeakMap<KeySeal, Map<string, string>>();

/**
 * An upstream key opened, kept by its sealed bytes: every gateway request reads its model, and
 * opening the key each time took about 2 % of a request in a CPU profile of the bench's run. A
 * changed key is sealed anew (a new nonce), so it is never found here.
 */
function openedKey(sealed: Buffer, seal: KeySeal): string {
  let kept = openedKeys.get(seal);
  if (!kept) openedKeys.set(seal, (kept = new Map()));
  const id = sealed.toString('base64');
  let key = kept.get(id);
  if (key === undefined) {
    key = seal.open(sealed);
    if (kept.size >= OPENED_MAX) kept.clear();
    kept.set(id, key);
  }
  return key;
}

export function gatewayModelOf(
  row: ModelRow & { quota_per_unit: string | null },
  seal: KeySeal,
): { model: GatewayModel; quotaPerUnit: number } {
  const upstream_key = row.upstream_key_sealed ? openedKey(row.upstream_key_sealed, seal) : '';
  const quotaPerUnit =
    row.quota_per_unit === null ? DEFAULT_QUOTA_PER_UNIT : Number(row.quota_per_unit);
  return { model: { ...modelOf(row), upstream_key }, quotaPerUnit };
}

/** The sealed key and its mask; an empty key is none. */
function sealedKey(key: string, seal: KeySeal) {
  return key === ''
    ? { upstream_key_sealed: null, upstream_key_masked: '' }
    : { upstream_key_sealed: seal.seal(key).sealed, upstream_key_masked: maskUpstreamKey(key) };
}

/** What is stored of a new model: the name sent upstream is its own when none is given. */
export function newModelFields(input: ModelCreate, now: number, seal: KeySeal): ModelFields {
  return {
    name: input.name,
    upstream_url: input.upstream_url,
    upstream_model: input.upstream_model || input.name,
    ...sealedKey(input.upstream_key ?? '', seal),
    input_price: input.input_price,
    output_price: input.output_price,
    cached_input_price: input.cached_input_price ?? input.input_price,
    max_output_tokens: input.max_output_tokens,
    stream_usage: input.stream_usage,
    enabled: input.enabled,
    created_time: now,
    updated_time: now,
  };
}

/**
 * The stored model with the patch applied, or null when it changes nothing (the same key given
 * again included), so that nothing is written or recorded.
 */
export function patchedModel(
  row: ModelRow,
  patch: ModelUpdate,
  now: number,
  seal: KeySeal,
): ModelRow | null {
  const { id: _id, upstream_key: key, upstream_model: upstreamModel, ...fields } = patch;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const next: ModelRow = { ...row, ...given };
  if (upstreamModel !== undefined) next.upstream_model = upstreamModel || next.name;
  const current = row.upstream_key_sealed ? seal.open(row.upstream_key_sealed) : '';
  if (key !== undefined && key !== current) Object.assign(next, sealedKey(key, seal));
  const unchanged =
    JSON.stringify(modelOf(next)) === JSON.stringify(modelOf(row)) &&
    next.upstream_key_sealed === row.upstream_key_sealed;
  return unchanged ? null : { ...next, updated_time: now };
}

/** The audit record of a model's change: before and after with the key masked. */
export function modelAudit(
  action: 'model.create' | 'model.update' | 'model.delete',
  before: ModelRow | null,
  after: ModelRow | null,
): AuditEntry {
  return {
    action,
    token_id: null,
    before: before && modelOf(before),
    after: after && modelOf(after),
  };
}
