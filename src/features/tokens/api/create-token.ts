import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { TokenCreate } from '../../../contract/token';
import type { TpmLimited } from '../../../api/backend';
import { tokenKeys } from './keys';

/** Creates one token: the new token with its whole key, or null where the server keeps it. */
export const createTokenMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: (input: TokenCreate & TpmLimited) => backend.create(input),
    meta: { invalidates: [tokenKeys.all] },
  });

export function useCreateToken() {
  return useMutation(createTokenMutation(useBackend()));
}
