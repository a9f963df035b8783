import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { StoredStatus, TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { Token } from '../../../contract/token';
import { tokenKeys } from './keys';
import { patchLists, restoreLists } from './patch-lists';

export interface SetTokenStatusInput {
  token: Token;
  status: StoredStatus;
}

/** Enables or disables one token; the row shows it at once and goes back if the server refuses. */
export const setTokenStatusMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: ({ token, status }: SetTokenStatusInput) => backend.setStatus(token.id, status),
    meta: { invalidates: [tokenKeys.all] },
    onMutate: ({ token, status }, { client }) => patchLists(client, token.id, { status }),
    onError: (_error, _input, snapshot, { client }) => restoreLists(client, snapshot),
  });

export function useSetTokenStatus() {
  return useMutation(setTokenStatusMutation(useBackend()));
}
