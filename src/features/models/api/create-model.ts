import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ModelsAccess } from '../../../api/backend';
import type { ModelCreate } from '../../../contract/model';
import { modelKeys } from './model-keys';

/** Creates a model; clients may name it in /v1 from their next request on. */
export const createModelMutation = (models: ModelsAccess) =>
  mutationOptions({
    mutationFn: (input: ModelCreate) => models.create(input),
    meta: { invalidates: [modelKeys.all] },
  });

export function useCreateModel(models: ModelsAccess) {
  return useMutation(createModelMutation(models));
}
