import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TokenBackend } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import type { AuditPage, AuditQuery } from '../../contract/audit';

/** Every audit query sits under `all`: each write the dashboard makes reads them again. */
export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, 'page', query] as const,
  history: (tokenId: number, size: number) => [...auditKeys.all, 'history', tokenId, size] as const,
};

/**
 * Whether a later page holds more: while the count goes beyond this one, or, where the count
 * stopped at its cap, while a page comes back full.
 */
export const auditHasNext = (page: AuditPage) =>
  page.page * page.page_size < page.total ||
  (page.total_capped && page.items.length === page.page_size);

/** One page of the audit; nothing is asked of a server that keeps none. */
export const auditPageQuery = (backend: TokenBackend, query: AuditQuery) => {
  const { audit } = backend;
  return queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: audit ? () => audit(query) : skipToken,
    placeholderData: keepPreviousData,
  });
};

export function useAuditPage(query: AuditQuery) {
  return useQuery(auditPageQuery(useBackend(), query));
}

/** A token's records, newest first, a page at a time, each page added below the last. */
export const tokenHistoryQuery = (backend: TokenBackend, tokenId: number, size: number) => {
  const { audit } = backend;
  return infiniteQueryOptions({
    queryKey: auditKeys.history(tokenId, size),
    queryFn: audit
      ? ({ pageParam }) => audit({ p: pageParam, size, token_id: tokenId })
      : skipToken,
    initialPageParam: 1,
    getNextPageParam: (last: AuditPage) => (auditHasNext(last) ? last.page + 1 : undefined),
  });
};

export function useTokenHistory(tokenId: number, size: number) {
  return useInfiniteQuery(tokenHistoryQuery(useBackend(), tokenId, size));
}
