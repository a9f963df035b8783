import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Token } from '../../contract/token';
import type { ListProgress } from '../backend';
import { isApiError } from '../errors';
import { fetchEveryPage } from './local-list';

/**
 * How long every token, once fetched, serves searches, filters, sorts and the summary. The
 * dashboard's own writes are applied to it, so only other people's changes wait this long.
 */
export const SCAN_TTL_MS = 60_000;

/**
 * Every token of a gateway that cannot search, filter or sort by itself, read page by page and
 * kept in the session's QueryClient. Whoever waits on a scan hears its progress, whoever started
 * it. A scan that is forgotten while it runs still answers those already waiting on it; later
 * reads start a new one under a key of its own.
 */
/** A failed write whose outcome is unknown (no answer, or not one the server meant). */
const outcomeUnknown = (error: unknown) =>
  !isApiError(error) || error.transient || error.kind === 'invalid-response';

export function gatewayScan(
  cache: QueryClient,
  readPage: (index: number) => Promise<Token[]>,
  pageSize: number,
) {
  let generation = 0;
  const start = () => {
    const following = new Set<ListProgress>();
    const options = queryOptions({
      queryKey: ['gateway-scan', (generation += 1)],
      queryFn: () =>
        fetchEveryPage(readPage, pageSize, (loaded) => {
          for (const hear of following) hear(loaded);
        }),
      staleTime: SCAN_TTL_MS,
      gcTime: SCAN_TTL_MS,
      retry: false,
    });
    return { following, options };
  };
  let current = start();
  const forget = () => {
    current = start();
  };

  /** Applies a write's result to the tokens fetched; they keep their age. */
  const patch = (change: (tokens: Token[]) => Token[]) => {
    const { queryKey } = current.options;
    // A scan under way may or may not hold the write: the next read starts afresh.
    if (cache.isFetching({ queryKey, exact: true }) > 0) return forget();
    const state = cache.getQueryState(queryKey);
    if (state?.data === undefined) return;
    cache.setQueryData(queryKey, change(state.data), { updatedAt: state.dataUpdatedAt });
  };

  return {
    async read(onProgress?: ListProgress): Promise<Token[]> {
      const { following, options } = current;
      if (onProgress) following.add(onProgress);
      try {
        return await cache.fetchQuery(options);
      } finally {
        if (onProgress) following.delete(onProgress);
      }
    },
    patch,
    /** The token as a write left it, in place of the one fetched. */
    replace: (token: Token) =>
      patch((tokens) => tokens.map((t) => (t.id === token.id ? token : t))),
    /** Tokens a write deleted. */
    drop: (ids: readonly number[]) => patch((tokens) => tokens.filter((t) => !ids.includes(t.id))),
    /** Runs a write; when its outcome is unknown, the tokens fetched may be wrong: forgotten. */
    async write<T>(run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (error) {
        if (outcomeUnknown(error)) forget();
        throw error;
      }
    },
    /** The next read fetches every page again. */
    forget,
  };
}
