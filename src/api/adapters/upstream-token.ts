import type { Token } from '../../contract/token';
import type { UpstreamToken } from '../../contract/upstream';
import type { TokenSummary } from '../../contract/token';

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
