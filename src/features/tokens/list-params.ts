import type { ListParams } from '../../api/backend';
import {
  KEY_LENGTH,
  normalizeKey,
  TOKEN_ORDERS,
  type TokenOrder,
  type TokenStatusCode,
} from '../../contract/token';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** What the person asked to see; lives in the page's address so links and reloads keep it. */
export interface ListView {
  page: number;
  size: number;
  /** A name fragment, or a key when it looks like one. */
  search: string;
  status: TokenStatusCode | null;
  order: TokenOrder;
}

export const DEFAULT_VIEW: ListView = { page: 1, size: 10, search: '', status: null, order: '-id' };

/** "sk-…" or 48 letters and digits: a pasted key, searched for by key rather than by name. */
export function looksLikeKey(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('sk-') || new RegExp(`^[0-9A-Za-z]{${KEY_LENGTH}}$`).test(trimmed);
}

const ORDERS = new Set<string>(TOKEN_ORDERS.flatMap((f) => [f, `-${f}`]));

export function viewFromQuery(query: string): ListView {
  const params = new URLSearchParams(query);
  const int = (name: string) => Number.parseInt(params.get(name) ?? '', 10);
  const page = int('p');
  const size = int('size');
  const status = int('status');
  const order = params.get('order') ?? '';
  return {
    page: page >= 1 ? page : DEFAULT_VIEW.page,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_VIEW.size,
    search: params.get('q') ?? '',
    status: status >= 1 && status <= 4 ? (status as TokenStatusCode) : null,
    order: ORDERS.has(order) ? (order as TokenOrder) : DEFAULT_VIEW.order,
  };
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
export function nextOrder(current: TokenOrder, field: (typeof TOKEN_ORDERS)[number]): TokenOrder {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field === 'name' ? field : `-${field}`;
}
