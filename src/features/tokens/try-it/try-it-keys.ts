import type { Token } from '../../../contract/token';
import { tokenKeys } from '../api/keys';

/** The queries of Try it, beside the token's own: one invalidation of the token reaches them. */
export const tryItKeys = {
  all: (id: number) => [...tokenKeys.detail(id), 'try-it'] as const,
  key: (id: number) => [...tryItKeys.all(id), 'key'] as const,
  /**
   * The models the key may use: asked again after an edit of the token (every write of the
   * tokens feature reads its queries again), not after a reply, which changes only its quota.
   */
  models: (token: Token) => [...tryItKeys.all(token.id), 'models', token.models] as const,
};
