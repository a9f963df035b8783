import { createContext, use } from 'react';
import type { Token, TokenOrder, TokenOrderField } from '../../contract/token';
import type { TokenActionHandlers } from './token-actions';

/** What the screen gives either layout of the list: the table, or the cards on a phone. */
export interface TokenListViewProps {
  tokens: Token[] | undefined;
  skeletonRows: number;
  now: number;
  /** Kept the same from render to render, so rows that did not change are not drawn again. */
  handlers: TokenActionHandlers;
  selected: ReadonlySet<number>;
  /** Kept the same from render to render, like handlers. */
  onSelect: (token: Token, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  order: TokenOrder;
  onSort: (field: TokenOrderField) => void;
  /** Sets an order outright, as the phone layout's order menu does. */
  onOrder: (order: TokenOrder) => void;
}

/** One row or card: only plain values and stable functions, so a memoised item can skip a render. */
export interface TokenItemProps {
  token: Token;
  selected: boolean;
  handlers: TokenActionHandlers;
  onSelect: (token: Token, selected: boolean) => void;
}

export function itemProps(
  token: Token,
  { selected, handlers, onSelect }: TokenListViewProps,
): TokenItemProps {
  return { token, selected: selected.has(token.id), handlers, onSelect };
}

/**
 * The list's clock, given by the table or the cards. Only the cells that show a relative time
 * read it: when it moves on, they are drawn again, not every row.
 */
export const ListNow = createContext<number | null>(null);

export function useListNow(): number {
  const now = use(ListNow);
  if (now === null) throw new Error('a time cell is outside a token list');
  return now;
}
