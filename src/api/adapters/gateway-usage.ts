import type { Token } from '../../contract/token';
import type { UpstreamLog } from '../../contract/upstream';
import type { UsageAsk, UsageProgress, UsageScope, UsageView } from '../backend';
import { isApiError } from '../errors';
import { alignedFrom, figuresFromLogs } from './log-figures';

/**
 * At most this many logs are read for one range; past it the figures are partial. Each gateway
 * limits requests per address, and the dashboard's own list and edits share that budget: a bound
 * of 20,000 would take 2,000 of one-api's 480 requests per 3 minutes (10 logs a page) and 200 of
 * new-api's 180 (100 a page), locking the person out of their gateway for minutes. Each bound
 * below leaves more than half of the budget to everything else.
 */
export const LOG_BOUNDS = { 'one-api': 2_000, 'new-api': 10_000 } as const;
/** Pages asked for at once once the first has answered. */
const PARALLEL = 4;
/** Log type 2 of both gateways: a relayed request and what it cost. */
const CONSUME = 2;

/** The filters both gateways' log routes take, as query parameters. */
export interface LogFilter {
  type: number;
  token_name: string | undefined;
  start_timestamp: number;
  end_timestamp: number;
}

/** A page of logs, newest first; the total of the filtered logs where the server gives it. */
export interface LogPage {
  items: UpstreamLog[];
  total: number | null;
}

/** The page at a 0-based index, `pageSize` logs each. */
export type ReadLogPage = (index: number, filter: LogFilter) => Promise<LogPage>;

export interface LogSource {
  readPage: ReadLogPage;
  pageSize: number;
  /** The most logs read for one range. */
  bound: number;
  /** Every token, to name the ids of tokens the logs know by name only. */
  tokens: () => Promise<Token[]>;
}

interface LogRead {
  logs: UpstreamLog[];
  partial: boolean;
}

/**
 * Reads the logs page by page, newest first, up to the bound. The first page comes alone (on
 * new-api its total says how many pages there are), then several at a time. Offset paging
 * over a fixed end time: logs written meanwhile fall after the end and shift no page.
 */
export async function readLogs(
  source: Pick<LogSource, 'readPage' | 'pageSize' | 'bound'>,
  filter: LogFilter,
  onProgress?: UsageProgress,
): Promise<LogRead> {
  const { readPage, pageSize, bound } = source;
  const logs: UpstreamLog[] = [];
  let total: number | null = null;
  // Without a total, one page past the bound tells a range of exactly the bound from a larger one.
  let pages = Math.ceil(bound / pageSize) + 1;
  for (let index = 0; index < pages;) {
    const batch = Array.from(
      { length: Math.min(index === 0 ? 1 : PARALLEL, pages - index) },
      (_, i) => readPage(index + i, filter),
    );
    for (const result of await Promise.allSettled(batch)) {
      if (result.status === 'rejected') {
        // The gateways limit requests per address; what was read before the limit still counts.
        if (logs.length > 0 && isApiError(result.reason) && result.reason.kind === 'rate-limited')
          return { logs, partial: true };
        throw result.reason;
      }
      const page = result.value;
      if (page.total !== null) {
        total = page.total;
        pages = Math.ceil(Math.min(total, bound) / pageSize);
      }
      const room = bound - logs.length;
      logs.push(...page.items.slice(0, room));
      onProgress?.(logs.length);
      if (page.items.length > room) return { logs, partial: true };
      // A short page ends the logs, unless the server's total says there are more.
      if (page.items.length < pageSize)
        return { logs, partial: total !== null && total > logs.length };
      index += 1;
    }
  }
  return { logs, partial: total !== null && total > logs.length };
}

/**
 * The logs with the id of their token where they know it by name only: the one token of that
 * name, else none (0). Done before summing, so a token whose logs name it both ways is one row.
 */
async function withTokenIds(
  logs: UpstreamLog[],
  tokens: () => Promise<Token[]>,
): Promise<UpstreamLog[]> {
  if (logs.every((log) => log.token_id > 0 || log.token_name === '')) return logs;
  const ids = new Map<string, number>();
  for (const token of await tokens()) {
    ids.set(token.name, ids.has(token.name) ? 0 : token.id);
  }
  return logs.map((log) =>
    log.token_id > 0 ? log : { ...log, token_id: ids.get(log.token_name) ?? 0 },
  );
}

/**
 * A gateway's usage figures, summed from its consume logs. One token's logs are found by name;
 * where a log also carries the token's id, logs of another token of the same name are left out.
 */
export async function gatewayUsage(
  source: LogSource,
  scope: UsageScope,
  ask: UsageAsk,
  onProgress?: UsageProgress,
): Promise<UsageView> {
  // The gateways compare both ends inclusively; the range leaves its end out.
  const filter: LogFilter = {
    type: CONSUME,
    token_name: scope?.name || undefined,
    start_timestamp: alignedFrom(ask),
    end_timestamp: ask.to - 1,
  };
  const { logs, partial } = await readLogs(source, filter, onProgress);
  // The gateways take an empty token_name as no filter: such a token's logs are picked here.
  const mine = logs.filter(
    (log) =>
      log.type === CONSUME &&
      (!scope ||
        (log.token_name === scope.name && (log.token_id === 0 || log.token_id === scope.id))),
  );
  const figures = figuresFromLogs(
    scope ? mine : await withTokenIds(mine, source.tokens),
    scope,
    ask,
  );
  return {
    figures,
    logs: { read: logs.length, bound: source.bound, partial },
    deniedCounted: false,
  };
}
