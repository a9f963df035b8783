import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ModelsAccess } from '../../../api/backend';
import type { ModelUpdate } from '../../../contract/model';
import { modelKeys } from './model-keys';

/** Changes a model: the fields sent, the upstream key only when it is replaced or removed. */
export const updateModelMutation = (models: ModelsAccess) =>
  mutationOptions({
    mutationFn: (patch: ModelUpdate) => models.update(patch),
    meta: { invalidates: [modelKeys.all] },
  });

export function useUpdateModel(models: ModelsAccess) {
  return useMutation(updateModelMutation(models));
}
