import type { Token, TokenCreate } from '../../contract/token';
import type { TokenSummary } from '../../contract/token-page';
import type { NewApiToken, UpstreamToken } from '../../contract/upstream';
import type { TokenEdit } from '../backend';

/** The editable fields without status, which has a route of its own on the gateways. */
export type TokenFields = Omit<TokenEdit, 'status'>;

/** A gateway's token in the dashboard's model. Statuses outside 1–4 read as disabled. */
export function fromUpstream(raw: UpstreamToken): Token {
  const status = raw.status >= 1 && raw.status <= 4 ? (raw.status as Token['status']) : 2;
  return {
    id: raw.id,
    name: raw.name,
    key: raw.key,
    status,
    remain_quota: raw.remain_quota,
    used_quota: raw.used_quota,
    unlimited_quota: raw.unlimited_quota,
    expired_time: raw.expired_time,
    created_time: raw.created_time,
    accessed_time: raw.accessed_time,
    models: raw.models,
    subnet: raw.subnet,
    // one-api and new-api have no refills, rate limits per token or key rotation.
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    previous_key_valid_until: null,
  };
}

/**
 * The token as loaded, without its key: fields the dashboard does not know go back untouched,
 * and the key, which no update reads, stays out of request bodies and the activity log.
 */
function keptFields<T extends UpstreamToken>(raw: T): Omit<T, 'key'> {
  const { key: _key, ...kept } = raw;
  return kept;
}

/** one-api's update writes name, expiry, quota, the unlimited flag, models and subnet. */
export function oneApiUpdateBody(raw: UpstreamToken, fields: TokenFields) {
  return {
    ...keptFields(raw),
    name: fields.name,
    expired_time: fields.expired_time,
    remain_quota: fields.remain_quota,
    unlimited_quota: fields.unlimited_quota,
    models: fields.models,
    subnet: fields.subnet,
  };
}

const items = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** The dashboard's comma-separated models as new-api's allow-list and the switch that enforces it. */
function modelLimits(models: string) {
  const list = items(models, /,/);
  return { model_limits_enabled: list.length > 0, model_limits: list.join(',') };
}

/** The dashboard's comma-separated addresses as new-api's allow_ips, one per line. */
const allowIps = (subnet: string) => items(subnet, /[,\n]/).join('\n');

/**
 * new-api's token in the dashboard's model: the model allow-list shows as models when its switch
 * is on (off, every model is allowed), the allowed IPs as comma-separated subnet.
 */
export function fromNewApi(raw: NewApiToken): Token {
  return {
    ...fromUpstream(raw),
    models: raw.model_limits_enabled ? items(raw.model_limits ?? '', /,/).join(',') : '',
    subnet: items(raw.allow_ips ?? '', /\n/).join(','),
  };
}

export function newApiCreateBody(input: TokenCreate) {
  return {
    name: input.name,
    remain_quota: input.remain_quota,
    expired_time: input.expired_time,
    unlimited_quota: input.unlimited_quota,
    ...modelLimits(input.models),
    allow_ips: allowIps(input.subnet),
  };
}

/**
 * new-api's update writes exactly these from the body, a field left out as zero. Models and
 * addresses go back in new-api's own fields, as they were when the edit left them as shown; the
 * fields the dashboard does not edit (group, cross-group retry) go back as they are.
 */
export function newApiUpdateBody(raw: NewApiToken, fields: TokenFields) {
  const shown = fromNewApi(raw);
  // new-api has no models or subnet: its allow-lists are model_limits and allow_ips, below.
  const { models: _models, subnet: _subnet, ...kept } = keptFields(raw);
  return {
    ...kept,
    name: fields.name,
    expired_time: fields.expired_time,
    remain_quota: fields.remain_quota,
    unlimited_quota: fields.unlimited_quota,
    ...(fields.models === shown.models
      ? { model_limits_enabled: raw.model_limits_enabled, model_limits: raw.model_limits }
      : modelLimits(fields.models)),
    allow_ips: fields.subnet === shown.subnet ? raw.allow_ips : allowIps(fields.subnet),
  };
}

export function summarize(tokens: Token[]): TokenSummary {
  const count = (status: Token['status']) => tokens.filter((t) => t.status === status).length;
  return {
    total: tokens.length,
    enabled: count(1),
    disabled: count(2),
    expired: count(3),
    exhausted: count(4),
    unlimited: tokens.filter((t) => t.unlimited_quota).length,
    remain_quota: tokens.reduce((sum, t) => (t.unlimited_quota ? sum : sum + t.remain_quota), 0),
  };
}
