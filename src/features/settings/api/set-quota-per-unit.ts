import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { serverKeys } from './server-status';

/** Saves the quota units per USD on the server, then reads its status again. */
export const setQuotaPerUnitMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: (value: number) => backend.setQuotaPerUnit(value),
    meta: { invalidates: [serverKeys.status] },
  });

export function useSetQuotaPerUnit() {
  return useMutation(setQuotaPerUnitMutation(useBackend()));
}
