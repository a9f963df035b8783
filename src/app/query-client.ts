import { MutationCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '../api/errors';
import { auditKeys } from '../components/audit/use-audit';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Queries read again once the mutation has settled, whether it worked or not. */
      invalidates?: readonly QueryKey[];
    };
  }
}

/** Reads retry by themselves while the server is away, and poll until it is back. */
const retryTransient = (failureCount: number, error: unknown) =>
  isApiError(error) && error.transient && failureCount < 2;
const pollWhileAway = (query: Query) =>
  query.state.status === 'error' && isApiError(query.state.error) && query.state.error.transient
    ? 5_000
    : false;

/**
 * The cache of one session. After every write the queries its `meta.invalidates` names are read
 * again, even after a failure (part of a batch may have gone through); a write that worked
 * resolves once they have been, so a dialog closes onto the new rows. A failure is told at once:
 * against a server that is away, those reads would first retry for seconds. The audit records
 * every write and reveal, so it is read again after each.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSettled: (_data, error, _variables, _result, mutation, { client }) => {
        const reread = Promise.all(
          [...(mutation.meta?.invalidates ?? []), auditKeys.all].map((queryKey) =>
            client.invalidateQueries({ queryKey }),
          ),
        );
        return error ? undefined : reread;
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: true,
        retry: retryTransient,
        refetchInterval: pollWhileAway,
      },
      mutations: { retry: false },
    },
  });
}
