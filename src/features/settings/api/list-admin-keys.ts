import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminKeysAccess } from '../../../api/backend';
import { adminKeyKeys } from './admin-key-keys';

/** Every admin key but ADMIN_KEY, oldest first, keys masked. */
export const adminKeysQuery = (adminKeys: AdminKeysAccess) =>
  queryOptions({
    queryKey: adminKeyKeys.list(),
    queryFn: () => adminKeys.list(),
  });

export function useAdminKeys(adminKeys: AdminKeysAccess) {
  return useQuery(adminKeysQuery(adminKeys));
}
