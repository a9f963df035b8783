/*
 * The token's codes in a module of their own, without zod: the boot script reads the list's
 * address with them before the app's code, zod included, has loaded.
 */

/** Stored statuses are the administrator's switch; 3 and 4 are derived when a token is read. */
export const TokenStatus = {
  enabled: 1,
  disabled: 2,
  expired: 3,
  exhausted: 4,
} as const;
export type TokenStatusCode = (typeof TokenStatus)[keyof typeof TokenStatus];

export const KEY_LENGTH = 48;

export const TOKEN_ORDERS = [
  'id',
  'name',
  'remain_quota',
  'used_quota',
  'created_time',
  'expired_time',
  'accessed_time',
] as const;
export type TokenOrderField = (typeof TOKEN_ORDERS)[number];
export type TokenOrder = TokenOrderField | `-${TokenOrderField}`;
