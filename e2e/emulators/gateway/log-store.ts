/** The logs table both gateways write a row to for every relayed request, and how tests fill it. */
import { atoiOrZero } from './go-binding';

/** Log types of both gateways (model.LogType*). */
export const LOG_TYPE = { topup: 1, consume: 2, manage: 3, system: 4 } as const;

/** A row of the logs table with the columns both gateways' answers are made from. */
export interface StoredLog {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  /** Written by new-api only; one-api has no such column. */
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  channel: number;
  group: string;
}

/** Logs a test adds at once, as if that many requests had been relayed through one token. */
export interface LogSeed {
  /** The token's name, which is how the gateways' logs name it. */
  tokenName: string;
  /** new-api also records the token's id; default: the id of the user's token of that name, else 0. */
  tokenId?: number;
  count: number;
  /**
   * Unix seconds: log i is written at `from + floor(i * (to - from) / count)`, so the logs
   * spread evenly from `from` up to `to` (excluded), older ones with lower ids.
   */
  from: number;
  to: number;
  /** Each log's model, taken in turn. Default `['gpt-4o-mini']`. */
  models?: string[];
  /** Each log's quota. Default 100. */
  quota?: number;
  /** Default 2 (consume). */
  type?: number;
  /** Whose logs. Default the user the access token belongs to. */
  userId?: number;
}

/** What a log route filters on; 0 and "" mean "any", as in the gateways' queries. */
export interface LogFilter {
  userId: number;
  type: number;
  start: number;
  end: number;
  tokenName: string;
  modelName: string;
  /** The model filter: one-api compares with `=`, new-api with LIKE. */
  modelMatch: (value: string, filter: string) => boolean;
}

/**
 * The filters of GetUserLogs in both gateways: `type`, `start_timestamp`, `end_timestamp`
 * (both included), `token_name` (exact) and `model_name`, each read with strconv, so what does
 * not parse is 0 and filters nothing.
 */
export function logFilterOf(
  query: URLSearchParams,
  userId: number,
  modelMatch: LogFilter['modelMatch'],
): LogFilter {
  return {
    userId,
    type: atoiOrZero(query.get('type')),
    start: atoiOrZero(query.get('start_timestamp')),
    end: atoiOrZero(query.get('end_timestamp')),
    tokenName: query.get('token_name') ?? '',
    modelName: query.get('model_name') ?? '',
    modelMatch,
  };
}

export class LogStore {
  private rows: StoredLog[] = [];
  /** Filtered lists by query: a test reading 20,000 logs 10 at a time filters them once. */
  private readonly found = new Map<string, StoredLog[]>();

  /** Adds the seed's logs; returns how many. */
  add(seed: LogSeed, defaults: { userId: number; tokenId: (name: string) => number }): number {
    const models = seed.models?.length ? seed.models : ['gpt-4o-mini'];
    const userId = seed.userId ?? defaults.userId;
    const tokenId = seed.tokenId ?? defaults.tokenId(seed.tokenName);
    const span = seed.to - seed.from;
    let id = (this.rows.at(-1)?.id ?? 0) + 1;
    for (let i = 0; i < seed.count; i++) {
      const model = models[i % models.length] as string;
      const quota = seed.quota ?? 100;
      this.rows.push({
        id: id++,
        user_id: userId,
        created_at: seed.from + Math.floor((i * span) / seed.count),
        type: seed.type ?? LOG_TYPE.consume,
        content: `模型倍率 1.00，分组倍率 1.00`,
        username: 'emulator',
        token_name: seed.tokenName,
        token_id: tokenId,
        model_name: model,
        quota,
        prompt_tokens: quota,
        completion_tokens: 0,
        channel: 1,
        group: '',
      });
    }
    this.found.clear();
    return seed.count;
  }

  /** The matching logs, newest first (ORDER BY id DESC). */
  query(filter: LogFilter): StoredLog[] {
    const { modelMatch, ...key } = filter;
    const cacheKey = JSON.stringify(key);
    const cached = this.found.get(cacheKey);
    if (cached) return cached;
    const rows = this.rows
      .filter(
        (log) =>
          log.user_id === filter.userId &&
          (filter.type === 0 || log.type === filter.type) &&
          (filter.start === 0 || log.created_at >= filter.start) &&
          (filter.end === 0 || log.created_at <= filter.end) &&
          (filter.tokenName === '' || log.token_name === filter.tokenName) &&
          (filter.modelName === '' || modelMatch(log.model_name, filter.modelName)),
      )
      .reverse();
    this.found.set(cacheKey, rows);
    return rows;
  }

  clear(): void {
    this.rows = [];
    this.found.clear();
  }
}
