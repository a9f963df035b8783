import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListParams, TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { useIdle } from '../../../components/use-idle';
import { tokenKeys } from './keys';

/**
 * A page of tokens. Where the server cannot search, filter or sort and every token is fetched,
 * how many have arrived so far is kept beside the page, for this list alone.
 */
export const tokenListQuery = (backend: TokenBackend, params: ListParams) =>
  queryOptions({
    queryKey: tokenKeys.list(params),
    queryFn: async ({ client }) => {
      const progress = scanProgressQuery(params).queryKey;
      try {
        return await backend.list(params, (loaded) => client.setQueryData(progress, loaded));
      } finally {
        client.setQueryData(progress, null);
      }
    },
    placeholderData: keepPreviousData,
  });

/** Set only by the list's own fetch: null while no scan runs for it. */
const scanProgressQuery = (params: ListParams) =>
  queryOptions<number | null>({ queryKey: tokenKeys.scanProgress(params), queryFn: skipToken });

/**
 * The page asked for; the next one is fetched ahead while the person reads this one, except
 * where the server limits how often one may search and this is a search. The first time, once
 * the browser is idle: the list's first paint does not wait behind the next page's answer.
 */
export function useTokenList(params: ListParams) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const list = useQuery(tokenListQuery(backend, params));
  const idle = useIdle();
  const hasNext = list.data?.hasNext === true && !list.isPlaceholderData;
  const limited = backend.searchDelayMs > 0 && Boolean(params.keyword || params.token);
  useEffect(() => {
    if (idle && hasNext && !limited) {
      void queryClient.prefetchQuery(tokenListQuery(backend, { ...params, p: params.p + 1 }));
    }
    // The params object is new on every render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idle, hasNext, limited, queryClient, backend, JSON.stringify(params)]);
  return list;
}

/** How many tokens the running scan for this list has fetched; null when none runs. */
export function useScanProgress(params: ListParams): number | null {
  return useQuery(scanProgressQuery(params)).data ?? null;
}
