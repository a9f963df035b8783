import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AdminKeysAccess } from '../../../api/backend';
import type { AdminKey } from '../../../contract/admin-key';
import { adminKeyKeys } from './admin-key-keys';

/** Revokes an admin key: whoever uses it is refused from their next request on. */
export const revokeAdminKeyMutation = (adminKeys: AdminKeysAccess) =>
  mutationOptions({
    mutationFn: (key: AdminKey) => adminKeys.revoke(key.id),
    meta: { invalidates: [adminKeyKeys.all] },
  });

export function useRevokeAdminKey(adminKeys: AdminKeysAccess) {
  return useMutation(revokeAdminKeyMutation(adminKeys));
}
