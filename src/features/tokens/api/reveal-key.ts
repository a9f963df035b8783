import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { Token } from '../../../contract/token';

/** A token's whole key, asked for when it is copied; nothing else changes. */
export const revealKeyMutation = (backend: TokenBackend) =>
  mutationOptions({ mutationFn: (token: Token) => backend.reveal(token.id) });

export function useRevealKey() {
  return useMutation(revealKeyMutation(useBackend()));
}
