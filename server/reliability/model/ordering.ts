import { NEVER, type OrderField } from './rules';
import type { ModelToken } from './token-model';

/** A token that never expires comes after every date. */
const expirySortKey = (expiry: number) => (expiry === NEVER ? Infinity : expiry);

/** SQLite's NOCASE: ASCII letters folded, everything else compared byte by byte in UTF-8. */
const nocaseBytes = (text: string) =>
  Buffer.from(
    text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
    'utf8',
  );

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** The list's order by one field; ties are broken by id, in the same direction. */
export function comparator(field: OrderField, descending: boolean) {
  const sign = descending ? -1 : 1;
  const compareField = (a: ModelToken, b: ModelToken): number => {
    switch (field) {
      case 'id':
        return 0;
      case 'name':
        return Buffer.compare(nocaseBytes(a.name), nocaseBytes(b.name));
      case 'expired_time':
        return compareNumbers(expirySortKey(a.expired_time), expirySortKey(b.expired_time));
      default:
        return compareNumbers(a[field], b[field]);
    }
  };
  return (a: ModelToken, b: ModelToken) => sign * (compareField(a, b) || a.id - b.id);
}
