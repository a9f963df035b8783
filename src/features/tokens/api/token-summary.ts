import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenBackend, TokenSearch } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { tokenKeys } from './keys';

/** Counts for the header strip, of what the search finds, from servers that can give them cheaply. */
export const tokenSummaryQuery = (backend: TokenBackend, search: TokenSearch) =>
  queryOptions({
    queryKey: tokenKeys.summary(search),
    queryFn: () => {
      if (!backend.summary) throw new Error('This server gives no summary');
      return backend.summary(search);
    },
    enabled: backend.summary !== null,
    // While a new search is counted, the strip keeps the last counts rather than blinking.
    placeholderData: keepPreviousData,
  });

export function useTokenSummary(search: TokenSearch) {
  return useQuery(tokenSummaryQuery(useBackend(), search));
}
