import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AdminKeysAccess } from '../../../api/backend';
import type { AdminKeyCreate } from '../../../contract/admin-key';
import { adminKeyKeys } from './admin-key-keys';

/** Creates an admin key: the answer holds its whole key, this once. */
export const createAdminKeyMutation = (adminKeys: AdminKeysAccess) =>
  mutationOptions({
    mutationFn: (input: AdminKeyCreate) => adminKeys.create(input),
    meta: { invalidates: [adminKeyKeys.all] },
  });

export function useCreateAdminKey(adminKeys: AdminKeysAccess) {
  return useMutation(createAdminKeyMutation(adminKeys));
}
