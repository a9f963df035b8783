/*
 * The service's refusals of an admin key, worded for whoever calls the API. Kept apart from the
 * admin key's schemas: the connect screen reads them, and loads no zod before it needs it.
 */

/** The 401 of a key that is missing, wrong or revoked: words for whoever calls the API. */
export const KEY_REFUSED_MESSAGE =
  'The admin key is missing, wrong or revoked: send a valid one as "Authorization: Bearer <admin key>"';

/** The 429 of an address that sent too many wrong keys; `seconds` to wait, as Retry-After says. */
export const tooManyWrongKeysMessage = (seconds: number) =>
  `Too many wrong admin keys from this address: try again in ${seconds} seconds`;

/** The wait a tooManyWrongKeysMessage() names, or null for any other message. */
export function tooManyWrongKeysWait(message: string): number | null {
  const match = /^Too many wrong admin keys from this address: try again in (\d+) seconds$/.exec(
    message,
  );
  return match ? Number(match[1]) : null;
}
