import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { tokenKeys } from './keys';

export interface RotateKeyInput {
  id: number;
  graceSeconds: number;
}

export type RotateKey = NonNullable<TokenBackend['rotate']>;

/** A new whole key for a token; its masked form in every list changes with it. */
export const rotateKeyMutation = (rotate: RotateKey) =>
  mutationOptions({
    mutationFn: ({ id, graceSeconds }: RotateKeyInput) => rotate(id, graceSeconds),
    meta: { invalidates: [tokenKeys.all] },
  });

/** Only where the server rotates keys: the caller holds its `rotate`. */
export function useRotateKey(rotate: RotateKey) {
  return useMutation(rotateKeyMutation(rotate));
}
