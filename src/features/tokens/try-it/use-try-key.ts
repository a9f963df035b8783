import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '../../../api/backend-context';
import { tryKeys } from '../../../api/try-keys';
import { auditKeys } from '../../../components/audit/use-audit';
import { tryItKeys } from './try-it-keys';

/**
 * The token's whole key for Try it: revealed through the server's reveal, so the audit records
 * it, once per session; kept in memory only (api/try-keys.ts). Asked for only while `enabled`:
 * the key's role may reveal, and someone is trying the token.
 */
export function useTryKey(id: number, enabled: boolean) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tryItKeys.key(id),
    queryFn: () =>
      tryKeys.get(id, async () => {
        const key = await backend.reveal(id);
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
        return key;
      }),
    enabled,
    // The query only hands the key out: nothing of it stays once no one looks.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
