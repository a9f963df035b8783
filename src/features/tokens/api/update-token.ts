import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend, TokenEdit } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { Token } from '../../../contract/token';
import { tokenKeys } from './keys';
import { patchLists, restoreLists } from './patch-lists';

export interface UpdateTokenInput {
  token: Token;
  edit: Partial<TokenEdit>;
}

/** Saves an edit; the rows show it at once and go back if the server refuses. */
export const updateTokenMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: ({ token, edit }: UpdateTokenInput) => backend.update(token, edit),
    meta: { invalidates: [tokenKeys.all] },
    onMutate: ({ token, edit }, { client }) => patchLists(client, token.id, edit),
    onError: (_error, _input, snapshot, { client }) => restoreLists(client, snapshot),
  });

export function useUpdateToken() {
  return useMutation(updateTokenMutation(useBackend()));
}
