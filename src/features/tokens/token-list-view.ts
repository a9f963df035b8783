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
  now: number;
  handlers: TokenActionHandlers;
  onSelect: (token: Token, selected: boolean) => void;
}

export function itemProps(
  token: Token,
  { selected, now, handlers, onSelect }: TokenListViewProps,
): TokenItemProps {
  return { token, selected: selected.has(token.id), now, handlers, onSelect };
}
