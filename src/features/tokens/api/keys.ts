import type { ListParams, TokenSearch } from '../../../api/backend';

/** Every query of the tokens feature sits under `all`: one invalidation reaches them all. */
export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (params: ListParams) => [...tokenKeys.lists(), params] as const,
  scanProgress: (params: ListParams) => [...tokenKeys.all, 'scan-progress', params] as const,
  summary: (search: TokenSearch) => [...tokenKeys.all, 'summary', search] as const,
  detail: (id: number) => [...tokenKeys.all, 'detail', id] as const,
  events: (id: number) => [...tokenKeys.all, 'events', id] as const,
};
