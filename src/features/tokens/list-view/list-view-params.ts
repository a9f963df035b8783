import { z } from 'zod';
import type { ListParams } from '../../../api/backend';
import {
  normalizeKey,
  TOKEN_ORDERS,
  TokenStatus,
  type TokenOrder,
  type TokenOrderField,
} from '../../../contract/token';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_VIEW,
  looksLikeKey,
  PAGE_SIZES,
  type ListView,
} from './list-view-base';

export {
  DEFAULT_VIEW,
  LIST_PARAMS,
  looksLikeKey,
  looksMasked,
  PAGE_SIZES,
  type ListView,
} from './list-view-base';

const ORDERS = TOKEN_ORDERS.flatMap((field) => [field, `-${field}`]) as [
  TokenOrder,
  ...TokenOrder[],
];

/**
 * The view as the address spells it (?p=2&size=50&q=prod&status=1&order=name). A part that is
 * missing or not understood takes its default, so an old or edited link still opens.
 */
export const listSearchSchema = z
  .object({
    p: z.coerce.number().int().min(1).catch(DEFAULT_VIEW.page),
    size: z.coerce.number().pipe(z.literal(PAGE_SIZES)).catch(DEFAULT_PAGE_SIZE),
    q: z.string().catch(DEFAULT_VIEW.search),
    status: z.coerce.number().pipe(z.enum(TokenStatus)).nullable().catch(DEFAULT_VIEW.status),
    order: z.enum(ORDERS).catch(DEFAULT_VIEW.order),
  })
  .transform(({ p, size, q, status, order }): ListView => ({
    page: p,
    size,
    search: q,
    status,
    order,
  }));

export function viewFromQuery(query: string): ListView {
  return listSearchSchema.parse(Object.fromEntries(new URLSearchParams(query)));
}

/** The address query for a view; defaults are left out, and a key is never written there. */
export function queryFromView(view: ListView): string {
  const params = new URLSearchParams();
  if (view.page !== DEFAULT_VIEW.page) params.set('p', String(view.page));
  if (view.size !== DEFAULT_VIEW.size) params.set('size', String(view.size));
  if (view.search && !looksLikeKey(view.search)) params.set('q', view.search);
  if (view.status !== null) params.set('status', String(view.status));
  if (view.order !== DEFAULT_VIEW.order) params.set('order', view.order);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function listParamsFromView(view: ListView): ListParams {
  const search = view.search.trim();
  const byKey = looksLikeKey(search);
  return {
    p: view.page,
    size: view.size,
    keyword: byKey ? '' : search,
    token: byKey ? normalizeKey(search) : '',
    status: view.status ?? undefined,
    order: view.order,
  };
}

/** Clicking a column: ascending first (descending for figures and dates), then the other way. */
export function nextOrder(current: TokenOrder, field: TokenOrderField): TokenOrder {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field === 'name' ? field : `-${field}`;
}
