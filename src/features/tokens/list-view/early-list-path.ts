import { TOKEN_ORDERS, TokenStatus } from '../../../contract/token-constants';
import { DEFAULT_VIEW, looksLikeKey, PAGE_SIZES } from './list-view-base';

const ORDERS: readonly string[] = TOKEN_ORDERS.flatMap((field) => [field, `-${field}`]);
const STATUSES: readonly number[] = Object.values(TokenStatus);
const SIZES: readonly number[] = PAGE_SIZES;

/** A number as zod's coerce reads a parameter: Number() of its text, NaN when it is missing. */
const numberOf = (text: string | null) => (text === null ? Number.NaN : Number(text));

/**
 * The API path of the list's first page for a page address, read as the list view reads it
 * (listSearchSchema, then listParamsFromView) but without zod, so that the boot script can ask
 * for the page while the app's code downloads; a test holds the two readings to one answer.
 * Null where the address shows another screen, or searches for a key, which the list view
 * then asks for itself.
 */
export function earlyListPath(search: string): string | null {
  const address = listAddress(search);
  if (!address) return null;
  const { read, q } = address;
  const p = numberOf(read('p'));
  const size = numberOf(read('size'));
  const status = numberOf(read('status'));
  const order = read('order') ?? '';
  const query = new URLSearchParams({
    p: String(Number.isSafeInteger(p) && p >= 1 ? p : DEFAULT_VIEW.page),
    size: String(SIZES.includes(size) ? size : DEFAULT_VIEW.size),
  });
  if (q !== '') query.set('keyword', q);
  if (STATUSES.includes(status)) query.set('status', String(status));
  query.set('order', ORDERS.includes(order) ? order : DEFAULT_VIEW.order);
  return `/api/token/?${query.toString()}`;
}

/** The API path of the summary the status strip asks for on the same address: of what it searches. */
export function earlySummaryPath(search: string): string | null {
  const address = listAddress(search);
  if (!address) return null;
  return address.q === ''
    ? '/api/token/summary'
    : `/api/token/summary?${new URLSearchParams({ keyword: address.q }).toString()}`;
}

/** The address as the token list reads it, or null where the list asks for itself (see above). */
function listAddress(search: string) {
  const address = new URLSearchParams(search);
  // A parameter given twice counts as its last value, as Object.fromEntries() reads it.
  const read = (name: string) => address.getAll(name).at(-1) ?? null;
  if (address.has('view')) return null;
  const q = (read('q') ?? DEFAULT_VIEW.search).trim();
  if (looksLikeKey(q)) return null;
  return { read, q };
}
