import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { tokenKeys } from './keys';

/** One token as the server has it now; every write of the tokens feature refreshes it. */
export const tokenDetailQuery = (backend: TokenBackend, id: number) =>
  queryOptions({
    queryKey: tokenKeys.detail(id),
    queryFn: () => backend.get(id),
  });

export function useTokenDetail(id: number) {
  return useQuery(tokenDetailQuery(useBackend(), id));
}
