import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ModelsAccess } from '../../../api/backend';
import type { Model } from '../../../contract/model';
import { modelKeys } from './model-keys';

/** Deletes a model: clients naming it are told it does not exist from their next request on. */
export const deleteModelMutation = (models: ModelsAccess) =>
  mutationOptions({
    mutationFn: (model: Model) => models.remove(model.id),
    meta: { invalidates: [modelKeys.all] },
  });

export function useDeleteModel(models: ModelsAccess) {
  return useMutation(deleteModelMutation(models));
}
