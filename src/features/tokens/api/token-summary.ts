import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { tokenKeys } from './keys';

/** Counts for the header strip, from servers that can give them cheaply. */
export const tokenSummaryQuery = (backend: TokenBackend) =>
  queryOptions({
    queryKey: tokenKeys.summary(),
    queryFn: () => {
      if (!backend.summary) throw new Error('This server gives no summary');
      return backend.summary();
    },
    enabled: backend.summary !== null,
  });

export function useTokenSummary() {
  return useQuery(tokenSummaryQuery(useBackend()));
}
