import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { Token } from '../../../contract/token';
import { tokenKeys } from './keys';

export const deleteTokenMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: (token: Token) => backend.remove(token.id),
    meta: { invalidates: [tokenKeys.all] },
  });

export function useDeleteToken() {
  return useMutation(deleteTokenMutation(useBackend()));
}
