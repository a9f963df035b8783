import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { normalizeKey } from '../../contract/token';
import { newApiLogPageSchema, newApiPageSchema, newApiTokenSchema } from '../../contract/upstream';
import { countedPage, type ListParams, type TokenBackend } from '../backend';
import type { ApiClient } from '../client';
import { isApiError } from '../errors';
import { gatewayBackend } from './gateway';
import { DIALECT_OFFERS } from './gateway-offers';
import { LOG_BOUNDS } from './gateway-usage';
import { fromNewApi, newApiCreateBody, newApiUpdateBody } from './upstream-token';

const PAGE_MAX = 100;
const OFFERS = DIALECT_OFFERS['new-api'];
/** new-api refuses `%` searches to a user holding more tokens than it allows. */
const exactSearchOnly = (error: unknown) =>
  isApiError(error) && error.serverMessage.includes('仅允许精确搜索');

/**
 * The `keyword` new-api answers with the names containing `text`, or null where none does.
 * Since model.SearchUserTokens went through sanitizeLikePattern, it matches the keyword
 * exactly unless it holds `%`: at most two, never `%%`, and 2 bytes or more besides them once
 * `!` and `_` are escaped (each to two). Older releases wrapped the keyword in `%` themselves;
 * `%%text%%` means the same there. A `%` typed into the search cannot be sent as a literal
 * (`%` is the one character left a wildcard), so that search, like one too short for the
 * rule, is left to a search over every page.
 */
function nameContainsKeyword(text: string): string | null {
  if (text.includes('%')) return null;
  const escapedBytes = new TextEncoder().encode(text.replace(/[!_]/g, '$&$&')).length;
  return escapedBytes < 2 ? null : `%${text}%`;
}

/**
 * new-api: 1-based pages up to 100 with a total, search by name and key (rate limited); keys
 * masked, revealed one at a time (rate limited); batch delete; create answers without the new
 * token; model and address allow-lists in fields of its own.
 */
export function newApiBackend(client: ApiClient, cache: QueryClient): TokenBackend {
  const page = async (params: Pick<ListParams, 'p' | 'size' | 'keyword' | 'token'>) => {
    const search = Boolean(params.keyword || params.token);
    const data = await client.request('GET', search ? '/api/token/search' : '/api/token/', {
      query: {
        p: params.p,
        size: params.size,
        keyword: params.keyword || undefined,
        token: params.token ? normalizeKey(params.token) : undefined,
      },
      schema: newApiPageSchema,
      ...(search ? { limited: 'search' as const } : {}),
    });
    return { ...data, items: data.items.map(fromNewApi) };
  };
  const base = gatewayBackend(client, cache, {
    kind: OFFERS.kind,
    pageSizes: OFFERS.pageSizes,
    searchDelayMs: OFFERS.searchDelayMs,
    scanPageSize: PAGE_MAX,
    scanPage: async (index) => (await page({ p: index + 1, size: PAGE_MAX })).items,
    tokenSchema: newApiTokenSchema,
    fromRaw: fromNewApi,
    createBody: newApiCreateBody,
    updateBody: newApiUpdateBody,
    createAnswersToken: false,
    reveal: async (id) =>
      (
        await client.request('POST', `/api/token/${id}/key`, {
          schema: z.object({ key: z.string() }),
          limited: 'reveal',
        })
      ).key,
    removeMany: (ids) =>
      client.request('POST', '/api/token/batch', { body: { ids }, schema: z.number().int() }),
    logBound: LOG_BOUNDS['new-api'],
    logPageSize: PAGE_MAX,
    // The user's own logs (UserAuth): the admin route would also hold other users' tokens.
    logPage: async (index, filter) => {
      const page = await client.request('GET', '/api/log/self', {
        query: { p: index + 1, page_size: PAGE_MAX, ...filter },
        schema: newApiLogPageSchema,
      });
      return { items: page.items, total: page.total };
    },
  });
  return {
    ...base,
    // new-api neither filters by status nor orders, nor finds every name by any part of it:
    // those go through every page here.
    list: async (params, onProgress) => {
      const keyword = params.keyword ? nameContainsKeyword(params.keyword) : '';
      if (params.status !== undefined || (params.order ?? '-id') !== '-id' || keyword === null)
        return base.list(params, onProgress);
      const data = await page({ ...params, keyword }).catch((error: unknown) => {
        if (keyword && exactSearchOnly(error)) return null;
        throw error;
      });
      if (!data) return base.list(params, onProgress);
      return countedPage(data.items, data.total, params.p, params.size);
    },
  };
}
