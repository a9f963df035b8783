import type { Token } from '../../contract/token';
import type { UpstreamLog } from '../../contract/upstream';
import type { UsageAsk, UsageProgress, UsageScope, UsageView } from '../backend';
import { isApiError } from '../errors';
import { alignedFrom, figuresFromLogs } from './log-figures';

/** At most this many logs are read for one range; past it the figures are partial. */
export const LOG_BOUND = 20_000;
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
  source: Pick<LogSource, 'readPage' | 'pageSize'>,
  filter: LogFilter,
  onProgress?: UsageProgress,
): Promise<LogRead> {
  const { readPage, pageSize } = source;
  const logs: UpstreamLog[] = [];
  let total: number | null = null;
  // Without a total, one page past the bound tells a range of exactly the bound from a larger one.
  let pages = Math.ceil(LOG_BOUND / pageSize) + 1;
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
        pages = Math.ceil(Math.min(total, LOG_BOUND) / pageSize);
      }
      const room = LOG_BOUND - logs.length;
      logs.push(...page.items.slice(0, room));
      onProgress?.(logs.length);
      if (page.items.length > room) return { logs, partial: true };
      if (page.items.length < pageSize) return { logs, partial: false };
      index += 1;
    }
  }
  return { logs, partial: total !== null && total > logs.length };
}

/** Ids for the top tokens the logs know by name only: the token of that name, 0 if not one. */
async function nameTokens(
  figures: UsageView['figures'],
  tokens: () => Promise<Token[]>,
): Promise<void> {
  const top = figures.top_tokens ?? [];
  if (top.every((token) => token.token_id > 0)) return;
  const all = await tokens();
  for (const token of top) {
    if (token.token_id > 0) continue;
    const named = all.filter((t) => t.name === token.name);
    token.token_id = named.length === 1 ? named[0]!.id : 0;
  }
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
  const figures = figuresFromLogs(mine, scope, ask);
  if (!scope) await nameTokens(figures, source.tokens);
  return { figures, logs: { read: logs.length, bound: LOG_BOUND, partial }, deniedCounted: false };
}
