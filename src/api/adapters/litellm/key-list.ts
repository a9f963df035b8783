import type { QueryClient } from '@tanstack/react-query';
import { liteLlmAliasPageSchema, liteLlmKeyPageSchema } from '../../../contract/litellm';
import { normalizeKey, type TokenOrder } from '../../../contract/token';
import { runPool } from '../../../lib/pool';
import { sha256Hex } from '../../../lib/sha256';
import { countedPage, type ListParams, type ListProgress, type TokenListPage } from '../../backend';
import type { ApiClient } from '../../client';
import { isApiError } from '../../errors';
import { gatewayScan } from '../gateway-scan';
import { listLocally } from '../local-list';
import type { KeyRegistry } from './key-registry';

/** /key/list's largest page. */
export const PAGE_MAX = 100;
/**
 * Where LiteLLM cannot search, filter or sort, at most this many of the newest keys are fetched
 * (ten pages) to do it here; a proxy holding more is told it was searched in part.
 */
export const SCAN_BOUND = 1_000;

/**
 * The orders LiteLLM's list gives itself (`sort_by`, `sort_order`); null is its own: newest
 * first. The dashboard's numbers for keys come from their hashes, so "by id" is by creation.
 */
const SERVER_ORDERS: Partial<Record<TokenOrder, readonly [string, 'asc' | 'desc'] | null>> = {
  '-id': null,
  '-created_time': null,
  id: ['created_at', 'asc'],
  created_time: ['created_at', 'asc'],
  name: ['key_alias', 'asc'],
  '-name': ['key_alias', 'desc'],
  used_quota: ['spend', 'asc'],
  '-used_quota': ['spend', 'desc'],
};

/** An order done here: by creation where the dashboard asks by id. */
const localOrder = (order: TokenOrder = '-id'): TokenOrder =>
  order === 'id' ? 'created_time' : order === '-id' ? '-created_time' : order;

const notFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The keys a list asks for. Plain pages and LiteLLM's orders go to /key/list; a key pasted whole
 * is found by its hash; a name by /key/aliases (any part, any case), then each alias's key. What
 * LiteLLM cannot do (a status filter, another order, a name search before /key/aliases existed)
 * is done here over the newest SCAN_BOUND keys, kept a minute like a gateway's tokens.
 */
export function keyLister(client: ApiClient, registry: KeyRegistry, cache: QueryClient) {
  let scanTotal = 0;
  let aliasesMissing = false;

  const keyPage = async (query: Record<string, string | number | undefined>) => {
    const page = await client.request('GET', '/key/list', {
      query: { return_full_object: 'true', ...query },
      schema: liteLlmKeyPageSchema,
    });
    return { total: page.total_count, items: page.keys.map(registry.remember) };
  };

  const scan = gatewayScan(
    cache,
    async (index) => {
      if (index * PAGE_MAX >= SCAN_BOUND) return [];
      const page = await keyPage({ page: index + 1, size: PAGE_MAX });
      scanTotal = page.total;
      return page.items;
    },
    PAGE_MAX,
  );

  const scanned = async (params: ListParams, onProgress?: ListProgress) => {
    const all = await scan.read(onProgress);
    const page = listLocally(all, { ...params, order: localOrder(params.order) }, params.size);
    return { ...page, partialScan: scanTotal > all.length };
  };

  const byKey = async (params: ListParams): Promise<TokenListPage> => {
    // LiteLLM keeps the SHA-256 of the whole key, `sk-` included.
    const hash = sha256Hex(`sk-${normalizeKey(params.token ?? '')}`);
    const { items } = await keyPage({ key_hash: hash, size: PAGE_MAX });
    const found = { ...params, token: undefined, order: localOrder(params.order) };
    return { ...listLocally(items, found, params.size), scanned: null };
  };

  const byAlias = async (params: ListParams, keyword: string) => {
    const aliases = await client.request('GET', '/key/aliases', {
      query: { search: keyword, page: params.p, size: params.size },
      schema: liteLlmAliasPageSchema,
    });
    const pages = await runPool(aliases.aliases, (alias) =>
      keyPage({ key_alias: alias, size: PAGE_MAX }),
    );
    if (pages.failed[0]) throw pages.failed[0].error;
    const items = pages.done.flatMap(({ result }) => result.items);
    return countedPage(items, aliases.total_count, params.p, params.size);
  };

  async function list(params: ListParams, onProgress?: ListProgress): Promise<TokenListPage> {
    if (params.token) return byKey(params);
    const order = SERVER_ORDERS[params.order ?? '-id'];
    if (params.status !== undefined || order === undefined) return scanned(params, onProgress);
    const keyword = params.keyword?.trim();
    if (keyword) {
      if (!aliasesMissing) {
        try {
          return await byAlias(params, keyword);
        } catch (error) {
          // Releases before /key/aliases answer 404: their names are searched here.
          if (!notFound(error)) throw error;
          aliasesMissing = true;
        }
      }
      return scanned(params, onProgress);
    }
    const sort = order ? { sort_by: order[0], sort_order: order[1] } : {};
    const page = await keyPage({ page: params.p, size: params.size, ...sort });
    return countedPage(page.items, page.total, params.p, params.size);
  }

  /** Every key, up to the bound, for finding one by its number. */
  const everyKnown = () => scan.read();

  return { list, scan, everyKnown };
}
