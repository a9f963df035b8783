import type { QueryClient } from '@tanstack/react-query';
import type { TokenEdit, TokenListPage } from '../../../api/backend';
import type { Token } from '../../../contract/token';
import { returnedStatus } from '../../../contract/token-status';
import { nowSeconds } from '../../../lib/time';
import { tokenKeys } from './keys';

export type ListSnapshot = Array<[readonly unknown[], TokenListPage | undefined]>;

/**
 * Shows a change at once on every cached list page that holds the token, and returns how to
 * undo it should the server refuse.
 */
export async function patchLists(
  queryClient: QueryClient,
  id: number,
  edit: Partial<TokenEdit>,
): Promise<ListSnapshot> {
  await queryClient.cancelQueries({ queryKey: tokenKeys.lists() });
  const snapshot = queryClient.getQueriesData<TokenListPage>({ queryKey: tokenKeys.lists() });
  queryClient.setQueriesData<TokenListPage>({ queryKey: tokenKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map((t) => (t.id === id ? withEdit(t, edit) : t)) } : page,
  );
  return snapshot;
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

const withEdit = (token: Token, edit: Partial<TokenEdit>): Token => {
  const next = { ...token, ...edit };
  return { ...next, status: returnedStatus(next, nowSeconds()) };
};
