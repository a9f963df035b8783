import type { UpstreamLog } from '../../contract/upstream';
import { USAGE_BUCKETS, type UsageFigures } from '../../contract/usage';
import type { UsageAsk, UsageScope } from '../backend';

export const TOP_TOKENS = 10;

type TopToken = NonNullable<UsageFigures['top_tokens']>[number];

/** The range's first bucket, aligned down to the bucket's size in UTC as `usageRange()` does. */
export const alignedFrom = (ask: UsageAsk) => {
  const size = USAGE_BUCKETS[ask.bucket];
  return Math.floor(ask.from / size) * size;
};

const byQuota = <T extends { quota: number; requests: number }>(
  a: T,
  b: T,
  name: (item: T) => string,
) => b.quota - a.quota || b.requests - a.requests || (name(a) < name(b) ? -1 : 1);

/**
 * The tokens with most quota among the logs, by `token_id` where the log has one and by name
 * otherwise (one-api and recent new-api logs know a token only by name). Logs of no token at
 * all (new-api's adjustments of task charges) count in the totals only.
 */
function topTokens(logs: readonly UpstreamLog[]): TopToken[] {
  const tokens = new Map<string, TopToken>();
  for (const log of logs) {
    if (log.token_id === 0 && log.token_name === '') continue;
    const key = log.token_id > 0 ? `id ${log.token_id}` : `name ${log.token_name}`;
    const token = tokens.get(key) ?? {
      token_id: log.token_id,
      name: log.token_name,
      requests: 0,
      quota: 0,
    };
    tokens.set(key, token);
    token.requests += 1;
    token.quota += log.quota;
  }
  return [...tokens.values()].sort((a, b) => byQuota(a, b, (t) => t.name)).slice(0, TOP_TOKENS);
}

/**
 * Usage figures summed from a gateway's consume logs: each log is one request, its quota and its
 * tokens. Logs hold no refused requests, so nothing is denied. Logs outside the range are left
 * out.
 */
export function figuresFromLogs(
  logs: readonly UpstreamLog[],
  scope: UsageScope,
  ask: UsageAsk,
): UsageFigures {
  const size = USAGE_BUCKETS[ask.bucket];
  const from = alignedFrom(ask);
  const series: UsageFigures['series'] = [];
  const noTokens = () => ({ prompt_tokens: 0, completion_tokens: 0 });
  for (let time = from; time < ask.to; time += size) {
    series.push({ time, requests: 0, quota: 0, denied: 0, ...noTokens() });
  }
  const models = new Map<string, UsageFigures['by_model'][number]>();
  // Logs hold only requests that were relayed, each settled: none refused, none unsettled.
  const totals: UsageFigures['totals'] = {
    requests: 0,
    quota: 0,
    denied: 0,
    denied_by_code: {},
    ...noTokens(),
    unsettled: 0,
  };
  const inRange = logs.filter((log) => log.created_at >= from && log.created_at < ask.to);
  for (const log of inRange) {
    const point = series[Math.floor((log.created_at - from) / size)]!;
    const model = models.get(log.model_name) ?? {
      model: log.model_name,
      requests: 0,
      quota: 0,
      ...noTokens(),
    };
    models.set(log.model_name, model);
    for (const sum of [point, model, totals]) {
      sum.requests += 1;
      sum.quota += log.quota;
      sum.prompt_tokens += log.prompt_tokens;
      sum.completion_tokens += log.completion_tokens;
    }
  }
  return {
    ...(scope ? { token_id: scope.id } : {}),
    bucket: ask.bucket,
    from,
    to: ask.to,
    series,
    by_model: [...models.values()].sort((a, b) => byQuota(a, b, (m) => m.model)),
    totals,
    ...(scope ? {} : { top_tokens: topTokens(inRange) }),
  };
}
