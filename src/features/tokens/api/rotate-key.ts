import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { tokenKeys } from './keys';

export interface RotateKeyInput {
  id: number;
  graceSeconds: number;
}

/** A new whole key for a token; its masked form in every list changes with it. */
export const rotateKeyMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: ({ id, graceSeconds }: RotateKeyInput) => {
      if (!backend.rotate) throw new Error('This server cannot rotate keys.');
      return backend.rotate(id, graceSeconds);
    },
    meta: { invalidates: [tokenKeys.all] },
  });

export function useRotateKey() {
  return useMutation(rotateKeyMutation(useBackend()));
}
