import { type TokenListQuery } from '../../src/contract/token';
import { TOTAL_CAP } from '../../src/contract/token-page';

/** A TokenPage as the JSON text the service sends, from its tokens already made into JSON. */
export function pageJson(
  tokens: readonly string[],
  total: number,
  capped: boolean,
  query: Pick<TokenListQuery, 'p' | 'size'>,
): string {
  return `{"items":[${tokens.join(',')}],"total":${total},"total_capped":${capped},"page":${query.p},"page_size":${query.size}}`;
}

/**
 * The total a page reports from what was counted: a filtered count stops one past TOTAL_CAP,
 * and says so; the whole list's kept total is exact.
 */
export function reportedTotal(
  counted: number,
  filtered: boolean,
): { total: number; capped: boolean } {
  const capped = filtered && counted > TOTAL_CAP;
  return { total: capped ? TOTAL_CAP : counted, capped };
}
