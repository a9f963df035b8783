import type { ListParams, TokenBackend } from '../../../api/backend';
import type { Token } from '../../../contract/token';

export type ExportFilter = Omit<ListParams, 'p' | 'size'>;

/** Every token matching a filter, page by page in the largest pages the server gives. */
export async function fetchAllTokens(
  backend: TokenBackend,
  filter: ExportFilter,
  onProgress?: (loaded: number, total: number | null) => void,
): Promise<Token[]> {
  const size = backend.pageSizes ? Math.max(...backend.pageSizes) : 10;
  const tokens: Token[] = [];
  for (let p = 1; ; p++) {
    const page = await backend.list({ ...filter, p, size });
    tokens.push(...page.items);
    // Where the server stopped counting, how many there are is known only at the end.
    onProgress?.(tokens.length, page.totalCapped ? null : page.total);
    if (!page.hasNext || page.items.length === 0) return tokens;
  }
}
