import type { QueryClient } from '@tanstack/react-query';
import {
  oneApiLogPageSchema,
  oneApiPageSchema,
  upstreamTokenSchema,
} from '../../contract/upstream';
import type { ListParams, TokenBackend } from '../backend';
import type { ApiClient } from '../client';
import { gatewayBackend } from './gateway';
import { DIALECT_OFFERS } from './gateway-offers';
import { LOG_BOUNDS } from './gateway-usage';
import { fromUpstream, oneApiUpdateBody } from './upstream-token';

const OFFERS = DIALECT_OFFERS['one-api'];
const PAGE = 10;
/** one-api orders only by these, always descending; anything else is done here. */
const SERVER_ORDERS: Record<string, string> = {
  '-id': '',
  '-remain_quota': 'remain_quota',
  '-used_quota': 'used_quota',
};

const needsNothingMore = (params: ListParams) =>
  !params.keyword &&
  !params.token &&
  params.status === undefined &&
  (params.order ?? '-id') in SERVER_ORDERS;

/**
 * one-api: 0-based pages of a fixed 10, no total, no filter; keys whole in every answer;
 * no batch delete and no reveal route.
 */
export function oneApiBackend(client: ApiClient, cache: QueryClient): TokenBackend {
  const page = async (index: number, order = '') =>
    (
      await client.request('GET', '/api/token/', {
        query: { p: index, order },
        schema: oneApiPageSchema,
      })
    ).map(fromUpstream);
  const base = gatewayBackend(client, cache, {
    kind: OFFERS.kind,
    pageSizes: OFFERS.pageSizes,
    searchDelayMs: OFFERS.searchDelayMs,
    scanPageSize: PAGE,
    scanPage: (index) => page(index),
    tokenSchema: upstreamTokenSchema,
    fromRaw: fromUpstream,
    createBody: (input) => input,
    updateBody: oneApiUpdateBody,
    createAnswersToken: true,
    reveal: async (_id, loaded) => (await loaded()).key,
    removeMany: null,
    logBound: LOG_BOUNDS['one-api'],
    logPageSize: PAGE,
    // The user's own logs (UserAuth): the admin route would also hold other users' tokens.
    logPage: async (index, filter) => ({
      items: await client.request('GET', '/api/log/self', {
        query: { p: index, ...filter },
        schema: oneApiLogPageSchema,
      }),
      total: null,
    }),
  });
  return {
    ...base,
    // Plain pages go straight to the server; search, filters and other orders need every page.
    list: async (params, onProgress) => {
      if (!needsNothingMore(params)) return base.list(params, onProgress);
      const items = await page(params.p - 1, SERVER_ORDERS[params.order ?? '-id']);
      return {
        items,
        total: null,
        page: params.p,
        pageSize: PAGE,
        hasNext: items.length === PAGE,
        totalCapped: false,
        scanned: null,
      };
    },
  };
}
