import { expirySortKey, normalizeKey, type Token, type TokenOrder } from '../../contract/token';
import type { ListParams, TokenListPage, TokenSearch } from '../backend';

/** Whether a token is one a search finds: name contains, any case; whole key with or without sk-. */
export function searchMatcher(search: TokenSearch): (token: Token) => boolean {
  const keyword = search.keyword?.trim().toLocaleLowerCase() ?? '';
  const key = search.token ? normalizeKey(search.token) : '';
  return (token) =>
    (!keyword || token.name.toLocaleLowerCase().includes(keyword)) && (!key || token.key === key);
}

/**
 * Search, filter, order and page over every token, for servers that cannot do it themselves.
 * Mirrors the service's own rules: name contains, any case; whole key with or without sk-;
 * returned status; ties broken by id.
 */
export function listLocally(all: Token[], params: ListParams, pageSize: number): TokenListPage {
  const found = searchMatcher(params);
  const matching = all.filter(
    (token) => found(token) && (params.status === undefined || token.status === params.status),
  );
  const order: TokenOrder = params.order ?? '-id';
  const descending = order.startsWith('-');
  const field = (descending ? order.slice(1) : order) as keyof Token;
  const sign = descending ? -1 : 1;
  const sortValue = (token: Token) =>
    field === 'expired_time' ? expirySortKey(token.expired_time) : token[field];
  matching.sort((a, b) => {
    const x = sortValue(a);
    const y = sortValue(b);
    const byField =
      typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return sign * (byField || a.id - b.id);
  });
  const start = (params.p - 1) * pageSize;
  return {
    items: matching.slice(start, start + pageSize),
    total: matching.length,
    page: params.p,
    pageSize,
    hasNext: start + pageSize < matching.length,
    totalCapped: false,
    scanned: all.length,
  };
}

/** Fetches page after page until one comes back short, reporting how many were loaded. */
export async function fetchEveryPage(
  fetchPage: (index: number) => Promise<Token[]>,
  pageSize: number,
  onProgress?: (loaded: number) => void,
): Promise<Token[]> {
  const all: Token[] = [];
  const seen = new Set<number>();
  for (let index = 0; ; index++) {
    const items = await fetchPage(index);
    // A token created meanwhile shifts pages by one; the set keeps each token once.
    for (const token of items) {
      if (!seen.has(token.id)) {
        seen.add(token.id);
        all.push(token);
      }
    }
    onProgress?.(all.length);
    if (items.length < pageSize) return all;
  }
}
