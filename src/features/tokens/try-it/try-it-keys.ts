import type { Token } from '../../../contract/token';
import { tokenKeys } from '../api/keys';

/** The queries of Try it, beside the token's own: one invalidation of the token reaches them. */
export const tryItKeys = {
  all: (id: number) => [...tokenKeys.detail(id), 'try-it'] as const,
  key: (id: number) => [...tryItKeys.all(id), 'key'] as const,
  /**
   * The models the key may use, asked again when the token changes in a way that could change
   * the answer: its status, allow-list or quota (a used-up key is refused the list).
   */
  models: (token: Token) =>
    [...tryItKeys.all(token.id), 'models', token.status, token.models] as const,
};
