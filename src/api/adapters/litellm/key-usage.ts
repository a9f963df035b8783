import { z } from 'zod';
import {
  liteLlmDailyActivitySchema,
  liteLlmSpendLogSchema,
  type LiteLlmDailyActivity,
  type LiteLlmMetrics,
} from '../../../contract/litellm';
import type { UpstreamLog } from '../../../contract/upstream';
import { USAGE_BUCKETS, type UsageFigures } from '../../../contract/usage';
import type { UsageAsk, UsageScope, UsageView } from '../../backend';
import type { ApiClient } from '../../client';
import { isApiError } from '../../errors';
import { TOP_TOKENS, alignedFrom, figuresFromLogs } from '../log-figures';
import { idOfHash, isoSeconds, usdToUnits } from './key-model';

/** Raw rows a page of /user/daily/activity holds at most; a day's rows may span two pages. */
const DAILY_PAGE_SIZE = 1_000;
/** Pages of daily rows read for one range at most: far more than a year of a busy proxy's. */
const DAILY_PAGES_MAX = 50;
const DAY = USAGE_BUCKETS.day;

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export interface UsageSource {
  client: ApiClient;
  ratio: () => number;
  /** The hash of the key the dashboard numbers `id`. */
  hashOf: (id: number) => Promise<string>;
  /** The name of a key, where it has been read. */
  nameOfHash: (hash: string) => string | undefined;
}

type Day = LiteLlmDailyActivity['results'][number];

/** Every page of the days in the range, a day split over pages joined again. */
async function readDays(source: UsageSource, ask: UsageAsk, hash: string | undefined) {
  const days = new Map<string, Day[]>();
  for (let page = 1; page <= DAILY_PAGES_MAX; page++) {
    const answer = await source.client.request('GET', '/user/daily/activity', {
      query: {
        start_date: dateOf(alignedFrom(ask)),
        end_date: dateOf(ask.to - 1),
        api_key: hash,
        page,
        page_size: DAILY_PAGE_SIZE,
      },
      schema: liteLlmDailyActivitySchema,
    });
    for (const day of answer.results) days.set(day.date, [...(days.get(day.date) ?? []), day]);
    const { has_more: more, total_pages: pages } = answer.metadata;
    if (answer.results.length === 0 || !(more ?? page < (pages ?? 0))) break;
  }
  return days;
}

interface Sum {
  requests: number;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
}
const zero = (): Sum => ({ requests: 0, quota: 0, prompt_tokens: 0, completion_tokens: 0 });

/** Figures summed from LiteLLM's days: its requests (failed ones too), spend and tokens. */
function figuresFromDays(
  days: Map<string, Day[]>,
  scope: UsageScope,
  ask: UsageAsk,
  source: UsageSource,
): UsageFigures {
  const ratio = source.ratio();
  const add = (sum: Sum, metrics: LiteLlmMetrics) => {
    sum.requests += metrics.api_requests;
    sum.quota += usdToUnits(metrics.spend, ratio);
    sum.prompt_tokens += metrics.prompt_tokens;
    sum.completion_tokens += metrics.completion_tokens;
  };
  const from = alignedFrom(ask);
  const totals = zero();
  const models = new Map<string, Sum>();
  const keys = new Map<string, Sum>();
  /** The aliases LiteLLM names keys with, for those the dashboard has not read. */
  const aliases = new Map<string, string>();
  const series: UsageFigures['series'] = [];
  for (let time = from; time < ask.to; time += DAY) {
    const point = zero();
    for (const day of days.get(dateOf(time)) ?? []) {
      add(point, day.metrics);
      add(totals, day.metrics);
      for (const [name, { metrics }] of Object.entries(day.breakdown.models)) {
        add(models.get(name) ?? models.set(name, zero()).get(name)!, metrics);
      }
      for (const [hash, { metrics, metadata }] of Object.entries(day.breakdown.api_keys)) {
        add(keys.get(hash) ?? keys.set(hash, zero()).get(hash)!, metrics);
        if (metadata?.key_alias) aliases.set(hash, metadata.key_alias);
      }
    }
    series.push({ time, denied: 0, ...point });
  }
  const byQuota = (a: Pick<Sum, 'quota' | 'requests'>, b: Pick<Sum, 'quota' | 'requests'>) =>
    b.quota - a.quota || b.requests - a.requests;
  return {
    ...(scope ? { token_id: scope.id } : {}),
    bucket: 'day',
    from,
    to: ask.to,
    series,
    by_model: [...models].map(([model, sum]) => ({ model, ...sum })).sort(byQuota),
    totals: { ...totals, denied: 0, denied_by_code: {}, unsettled: 0 },
    ...(scope
      ? {}
      : {
          top_tokens: [...keys]
            .map(([hash, { requests, quota }]) => ({
              token_id: idOfHash(hash),
              name: source.nameOfHash(hash) ?? aliases.get(hash) ?? '',
              requests,
              quota,
            }))
            .sort(byQuota)
            .slice(0, TOP_TOKENS),
        }),
  };
}

/** The range's requests one by one (/spend/logs), for hours, as logs the gateways' figures take. */
async function readLogs(source: UsageSource, ask: UsageAsk, hash: string | undefined) {
  const answer = await source.client.request('GET', '/spend/logs', {
    // LiteLLM compares startTime with the end date's midnight: the day after the range's end.
    query: {
      start_date: dateOf(alignedFrom(ask)),
      end_date: dateOf(ask.to + DAY),
      api_key: hash,
      summarize: 'false',
    },
    schema: z.array(liteLlmSpendLogSchema),
  });
  const ratio = source.ratio();
  return answer.map((log): UpstreamLog => ({
    created_at: isoSeconds(log.startTime) ?? 0,
    type: 2,
    token_id: idOfHash(log.api_key),
    token_name: source.nameOfHash(log.api_key) ?? '',
    model_name: log.model ?? '',
    quota: usdToUnits(log.spend, ratio),
    prompt_tokens: log.prompt_tokens,
    completion_tokens: log.completion_tokens,
  }));
}

/**
 * Usage on LiteLLM: days from its daily spend (/user/daily/activity, by model and by key), hours
 * from its spend logs, one per request; a release without the daily route gets days from the
 * logs too. Refusals are not told apart from other failed requests, so none is counted as denied.
 */
export function keyUsage(source: UsageSource) {
  let daysMissing = false;
  return async (scope: UsageScope, ask: UsageAsk): Promise<UsageView> => {
    const hash = scope ? await source.hashOf(scope.id) : undefined;
    if (ask.bucket === 'day' && !daysMissing) {
      try {
        const days = await readDays(source, ask, hash);
        return {
          figures: figuresFromDays(days, scope, ask, source),
          logs: null,
          deniedCounted: false,
        };
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw error;
        daysMissing = true;
      }
    }
    const logs = await readLogs(source, ask, hash);
    const figures = figuresFromLogs(logs, scope, ask);
    return {
      figures,
      logs: { read: logs.length, bound: logs.length, partial: false },
      deniedCounted: false,
    };
  };
}
