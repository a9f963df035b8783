import type { TokenOrder, TokenOrderField } from '../../src/contract/token';

/** The field an order sorts by, and whether it is descending. */
export function orderField(order: TokenOrder): { field: TokenOrderField; descending: boolean } {
  const descending = order.startsWith('-');
  return { field: (descending ? order.slice(1) : order) as TokenOrderField, descending };
}

/** The same field in the other direction. */
export function reverseOrder(order: TokenOrder): TokenOrder {
  const { field, descending } = orderField(order);
  return descending ? field : `-${field}`;
}
