import {
  KEY_LENGTH,
  type TokenOrder,
  type TokenStatusCode,
} from '../../../contract/token-constants';

/*
 * The list view's parts that need no zod, so that the boot script can read the address with
 * them (early-list-path.ts) before the app's code has loaded.
 */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Twenty rows fill a laptop's screen, where ten left a third of it empty. */
export const DEFAULT_PAGE_SIZE: (typeof PAGE_SIZES)[number] = 20;

/** What the person asked to see; lives in the page's address so links and reloads keep it. */
export interface ListView {
  page: number;
  size: number;
  /** A name fragment, or a key when it looks like one. */
  search: string;
  status: TokenStatusCode | null;
  order: TokenOrder;
}

export const DEFAULT_VIEW: ListView = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  status: null,
  order: '-id',
};

/** The address's parameters that belong to the list view. */
export const LIST_PARAMS = ['p', 'size', 'q', 'status', 'order'] as const;

/** A key as the list shows it, its middle starred out: "sk-abcd****wxyz", with or without sk-. */
export function looksMasked(text: string): boolean {
  return /^(sk-)?[0-9A-Za-z]*\*{2,}[0-9A-Za-z]*$/.test(text.trim());
}

/** "sk-…" or 48 letters and digits: a pasted key, searched for by key rather than by name. */
export function looksLikeKey(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('sk-') || new RegExp(`^[0-9A-Za-z]{${KEY_LENGTH}}$`).test(trimmed);
}
