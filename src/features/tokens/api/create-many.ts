import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { TokenCreate } from '../../../contract/token';
import type { TpmLimited } from '../../../api/backend';
import { runPool } from '../../../lib/pool';
import { BULK_CONCURRENCY } from './bulk-action';
import { tokenKeys } from './keys';

export interface CreateManyInput {
  input: TokenCreate & TpmLimited;
  count: number;
  onProgress?: (finished: number) => void;
}

/** Creates `count` tokens named "name 1" … "name N"; reports each that failed. */
export const createManyMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: ({ input, count, onProgress }: CreateManyInput) =>
      runPool(
        Array.from({ length: count }, (_, i) => `${input.name} ${i + 1}`),
        (name) => backend.create({ ...input, name }),
        { concurrency: BULK_CONCURRENCY, onProgress },
      ),
    meta: { invalidates: [tokenKeys.all] },
  });

export function useCreateMany() {
  return useMutation(createManyMutation(useBackend()));
}
