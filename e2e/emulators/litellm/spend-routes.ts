/**
 * LiteLLM's spend records: LiteLLM_SpendLogs, a row per request, and the daily table its batch
 * job sums them into (per day, key and model), which /user/daily/activity pages through.
 */
import { invalid, proxyError, sendJson, type Problem, type Route } from './http';
import { isoTime } from './key-store';
import { queryBool, queryInt } from './validation';

export interface SpendLog {
  request_id: string;
  call_type: string;
  /** The hash of the key the request was made with. */
  api_key: string;
  spend: number;
  total_tokens: number;
  prompt_tokens: number;
  completion_tokens: number;
  startTime: string;
  endTime: string;
  model: string;
  model_group: string;
  user: string;
  metadata: Record<string, unknown>;
}

/** Requests a test adds at once, as if made with one key. */
export interface SpendSeed {
  /** The key's hash. */
  apiKey: string;
  count: number;
  /** Unix seconds: request i at `from + floor(i * (to - from) / count)`, `to` excluded. */
  from: number;
  to: number;
  /** Each request's model, in turn. Default `['gpt-4o-mini']`. */
  models?: string[];
  /** USD each. Default 0.01. */
  spend?: number;
  promptTokens?: number;
  completionTokens?: number;
}

const DAY_MS = 86_400_000;
const dateOf = (iso: string) => iso.slice(0, 10);

/** A YYYY-MM-DD date as datetime.strptime reads it: its midnight, UTC. */
const midnight = (date: string | null) =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : null;

const zero = () => ({
  spend: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  api_requests: 0,
  successful_requests: 0,
  failed_requests: 0,
});
type Metrics = ReturnType<typeof zero>;

function add(
  metrics: Metrics,
  log: Pick<SpendLog, 'spend' | 'prompt_tokens' | 'completion_tokens'>,
) {
  metrics.spend += log.spend;
  metrics.prompt_tokens += log.prompt_tokens;
  metrics.completion_tokens += log.completion_tokens;
  metrics.total_tokens += log.prompt_tokens + log.completion_tokens;
  metrics.api_requests += 1;
  metrics.successful_requests += 1;
}

export class SpendStore {
  logs: SpendLog[] = [];

  add(seed: SpendSeed): number {
    const models = seed.models ?? ['gpt-4o-mini'];
    for (let i = 0; i < seed.count; i++) {
      const at = (seed.from + Math.floor((i * (seed.to - seed.from)) / seed.count)) * 1000;
      const model = models[i % models.length]!;
      const prompt = seed.promptTokens ?? 10;
      const completion = seed.completionTokens ?? 20;
      this.logs.push({
        request_id: `chatcmpl-${this.logs.length + 1}`,
        call_type: 'acompletion',
        api_key: seed.apiKey,
        spend: seed.spend ?? 0.01,
        total_tokens: prompt + completion,
        prompt_tokens: prompt,
        completion_tokens: completion,
        startTime: isoTime(at),
        endTime: isoTime(at + 500),
        model,
        model_group: model,
        user: 'default_user_id',
        metadata: {},
      });
    }
    return seed.count;
  }
}

export function spendRoutes(spend: SpendStore, aliasOf: (hash: string) => string | null) {
  /** /spend/logs: between two dates' midnights, both included; summed by day unless told not to. */
  const logs: Route = (call) => {
    const start = midnight(call.query.get('start_date'));
    const end = midnight(call.query.get('end_date'));
    const apiKey = call.query.get('api_key');
    const rows = spend.logs
      .filter((log) => !apiKey || log.api_key === apiKey)
      .filter((log) => {
        const at = Date.parse(log.startTime);
        return start === null || end === null || (at >= start && at <= end);
      })
      .sort((a, b) => (a.startTime < b.startTime ? 1 : -1));
    if (start === null || end === null || !queryBool(call.query, 'summarize', true)) {
      return sendJson(call.res, 200, rows);
    }
    const days = new Map<string, { spend: number; models: Record<string, number> }>();
    for (const log of rows) {
      const day = days.get(dateOf(log.startTime)) ?? { spend: 0, models: {} };
      day.spend += log.spend;
      day.models[log.model] = (day.models[log.model] ?? 0) + log.spend;
      days.set(dateOf(log.startTime), day);
    }
    const summed = [...days].sort().map(([date, day]) => ({ startTime: date, ...day, users: {} }));
    sendJson(call.res, 200, summed);
  };

  /** /user/daily/activity: the daily rows in the range, a page of rows grouped by day. */
  const daily: Route = (call) => {
    const problems: Problem[] = [];
    const page = queryInt(call.query, 'page', 1, { ge: 1 }, problems);
    const size = queryInt(call.query, 'page_size', 50, { ge: 1, le: 1000 }, problems);
    if (problems.length > 0) return invalid(call.res, problems);
    const start = midnight(call.query.get('start_date'));
    const end = midnight(call.query.get('end_date'));
    if (start === null || end === null) {
      return proxyError(
        call.res,
        400,
        'Please provide start_date and end_date',
        'internal_server_error',
      );
    }
    const apiKey = call.query.get('api_key');
    const rows = new Map<string, { date: string; api_key: string; model: string } & Metrics>();
    for (const log of spend.logs) {
      const at = Date.parse(log.startTime);
      if (at < start || at >= end + DAY_MS || (apiKey && log.api_key !== apiKey)) continue;
      const id = `${dateOf(log.startTime)} ${log.api_key} ${log.model}`;
      const row = rows.get(id) ?? {
        date: dateOf(log.startTime),
        api_key: log.api_key,
        model: log.model,
        ...zero(),
      };
      add(row, log);
      rows.set(id, row);
    }
    const all = [...rows.values()].sort((a, b) => (a.date < b.date ? 1 : -1));
    const totals = zero();
    for (const row of all) Object.assign(totals, sum(totals, row));
    const days = new Map<string, ReturnType<typeof dayOf>>();
    for (const row of all.slice((page - 1) * size, page * size)) {
      const day = days.get(row.date) ?? dayOf(row.date);
      Object.assign(day.metrics, sum(day.metrics, row));
      const model = (day.breakdown.models[row.model] ??= { metrics: zero(), metadata: {} });
      Object.assign(model.metrics, sum(model.metrics, row));
      const key = (day.breakdown.api_keys[row.api_key] ??= {
        metrics: zero(),
        metadata: { key_alias: aliasOf(row.api_key), team_id: null },
      });
      Object.assign(key.metrics, sum(key.metrics, row));
      days.set(row.date, day);
    }
    const pages = Math.ceil(all.length / size);
    sendJson(call.res, 200, {
      results: [...days.values()],
      metadata: {
        total_spend: totals.spend,
        total_prompt_tokens: totals.prompt_tokens,
        total_completion_tokens: totals.completion_tokens,
        total_tokens: totals.total_tokens,
        total_api_requests: totals.api_requests,
        total_successful_requests: totals.successful_requests,
        total_failed_requests: totals.failed_requests,
        page,
        total_pages: pages,
        has_more: page < pages,
      },
    });
  };

  /** /global/spend/logs: spend by day, of one key or all, as LiteLLM's monthly views give it. */
  const global: Route = (call) => {
    const apiKey = call.query.get('api_key');
    const days = new Map<string, number>();
    for (const log of spend.logs) {
      if (apiKey && log.api_key !== apiKey) continue;
      days.set(dateOf(log.startTime), (days.get(dateOf(log.startTime)) ?? 0) + log.spend);
    }
    const rows = [...days].sort().map(([date, total]) => ({
      date,
      spend: total,
      ...(apiKey ? { api_key: apiKey } : {}),
    }));
    sendJson(call.res, 200, rows);
  };

  return {
    'GET /spend/logs': logs,
    'GET /user/daily/activity': daily,
    'GET /global/spend/logs': global,
  };
}

function sum(into: Metrics, more: Metrics): Metrics {
  const out = { ...into };
  for (const name of Object.keys(out) as Array<keyof Metrics>) out[name] += more[name];
  return out;
}

function dayOf(date: string) {
  return {
    date,
    metrics: zero(),
    breakdown: {
      models: {} as Record<string, { metrics: Metrics; metadata: Record<string, unknown> }>,
      providers: {},
      api_keys: {} as Record<string, { metrics: Metrics; metadata: Record<string, unknown> }>,
    },
  };
}
