/** Every query of the admin keys sits under `all`: one invalidation reaches them all. */
export const adminKeyKeys = {
  all: ['admin-keys'] as const,
  list: () => [...adminKeyKeys.all, 'list'] as const,
};
