import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TokenBackend, UsageProgress, UsageScope } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import { nowSeconds } from '../../lib/time';
import { usageAsk, type UsageRangeChoice } from './usage-ranges';

export const usageKeys = {
  all: ['usage'] as const,
  of: (scope: UsageScope, choice: UsageRangeChoice) =>
    [...usageKeys.all, scope?.id ?? 'all', scope?.name ?? '', choice] as const,
};

/**
 * Figures for a range that ends when they are fetched: a refetch brings the latest hour in.
 * Gateways sum them from many pages of logs, under a rate limit the whole dashboard shares: a
 * minute's copy serves, and coming back to the window does not read them all again.
 */
export const usageQuery = (
  backend: TokenBackend,
  scope: UsageScope,
  choice: UsageRangeChoice,
  progress?: { start: () => void; read: UsageProgress },
) =>
  queryOptions({
    queryKey: usageKeys.of(scope, choice),
    queryFn: () => {
      // Each read counts from nothing: the last one's count must not show while this one starts.
      progress?.start();
      return backend.usage(scope, usageAsk(choice, nowSeconds()), progress?.read);
    },
    staleTime: backend.kind === 'tokendesk' ? 15_000 : 60_000,
    refetchOnWindowFocus: backend.kind === 'tokendesk',
    placeholderData: keepPreviousData,
  });

/** The figures, and how many logs were read so far while a gateway's are being summed. */
export function useUsage(scope: UsageScope, choice: UsageRangeChoice) {
  const backend = useBackend();
  const [progress, setProgress] = useState<number | null>(null);
  const query = useQuery(
    usageQuery(backend, scope, choice, { start: () => setProgress(null), read: setProgress }),
  );
  return { query, progress: query.isFetching ? progress : null };
}
