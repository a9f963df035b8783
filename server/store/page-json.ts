import type { TokenListQuery } from '../../src/contract/token';

/** A TokenPage as the JSON text the service sends, from its tokens already made into JSON. */
export function pageJson(
  tokens: readonly string[],
  total: number,
  capped: boolean,
  query: Pick<TokenListQuery, 'p' | 'size'>,
): string {
  return `{"items":[${tokens.join(',')}],"total":${total},"total_capped":${capped},"page":${query.p},"page_size":${query.size}}`;
}
