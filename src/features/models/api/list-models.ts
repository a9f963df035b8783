import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelsAccess } from '../../../api/backend';
import { modelKeys } from './model-keys';

/** Every model, ordered by name, upstream keys masked. */
export const modelsQuery = (models: ModelsAccess) =>
  queryOptions({
    queryKey: modelKeys.list(),
    queryFn: () => models.list(),
  });

export function useModels(models: ModelsAccess) {
  return useQuery(modelsQuery(models));
}
