import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ModelsAccess } from '../../../api/backend';
import type { Model } from '../../../contract/model';

/** One tiny request to a model's upstream; it changes nothing, so nothing is read again. */
export const testModelMutation = (models: ModelsAccess) =>
  mutationOptions({
    mutationFn: (model: Model) => models.test(model.id),
  });

export function useTestModel(models: ModelsAccess) {
  return useMutation(testModelMutation(models));
}
