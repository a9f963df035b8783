/** Every query of the models sits under `all`: one invalidation reaches them all. */
export const modelKeys = {
  all: ['models'] as const,
  list: () => [...modelKeys.all, 'list'] as const,
};
