import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';

export const serverKeys = {
  status: ['server', 'status'] as const,
};

/** The server's version and quota ratio; they rarely change, so a minute's copy serves. */
export const serverStatusQuery = (backend: TokenBackend) =>
  queryOptions({
    queryKey: serverKeys.status,
    queryFn: () => backend.status(),
    staleTime: 60_000,
    // Not polled while the server is away, unlike the lists: figures use the default ratio meanwhile.
    refetchInterval: false,
  });

export function useServerStatus() {
  return useQuery(serverStatusQuery(useBackend()));
}
