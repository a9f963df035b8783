import { isIP } from 'node:net';

/**
 * The rules of docs/api.md, written again without the service's schemas, so the model can
 * disagree with them.
 */
export const NAME_MAX = 50;
export const QUOTA_MAX = 1e15;
export const EXPIRY_MAX = 253_402_300_799;
export const NEVER = -1;
export const TEXT_LIST_MAX = 4096;
export const QUERY_TEXT_MAX = 200;
export const PAGE_MAX = 1_000_000_000;
export const SIZE_MAX = 100;
export const BATCH_MAX = 100;
export const QUOTA_PER_UNIT_MAX = 1e12;

export const ORDER_FIELDS = [
  'id',
  'name',
  'remain_quota',
  'used_quota',
  'created_time',
  'expired_time',
  'accessed_time',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/** Lengths count characters (code points), so an emoji is one, not two UTF-16 units. */
export const characters = (text: string): number => [...text].length;

/** Readable text: no control characters, no half of a surrogate pair. */
export const isPlainText = (value: string): boolean => !/[\p{Cc}\p{Cs}]/u.test(value);

export function validName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return characters(name) >= 1 && characters(name) <= NAME_MAX && isPlainText(name) ? name : null;
}

export const validQuota = (value: unknown): value is number =>
  isInteger(value) && value >= 0 && value <= QUOTA_MAX;

export const validExpiry = (value: unknown): value is number =>
  isInteger(value) && value >= NEVER && value <= EXPIRY_MAX;

export const validListText = (value: unknown): value is string =>
  typeof value === 'string' && characters(value) <= TEXT_LIST_MAX && isPlainText(value);

/** An entry of a subnet: an address, or one with a prefix its family allows (no leading zeros). */
export interface SubnetEntry {
  address: string;
  type: 'ipv4' | 'ipv6';
  prefix?: number;
}

/** The entry read, or null when it is neither an address nor a range. */
export function subnetEntry(entry: string): SubnetEntry | null {
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { address, type };
  if (!/^(0|[1-9]\d*)$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return { address, type, prefix: Number(prefix) };
}

export const validSubnet = (value: unknown): value is string =>
  validListText(value) &&
  value
    .split(',')
    .map((entry) => entry.trim())
    .every((entry) => entry === '' || subnetEntry(entry) !== null);

export const RESET_PERIODS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type ResetPeriod = (typeof RESET_PERIODS)[number];
export const validPeriod = (value: unknown): value is ResetPeriod =>
  RESET_PERIODS.includes(value as ResetPeriod);

export const RPM_MAX = 1_000_000;
export const validRpm = (value: unknown): value is number =>
  isInteger(value) && value >= 0 && value <= RPM_MAX;

/**
 * The first 00:00 UTC after `now` that starts a period: any day; a Monday; the 1st of a month.
 * Walks day by day, unlike the service, which computes it.
 */
export function nextReset(period: ResetPeriod, now: number): number {
  if (period === 'none') return NEVER;
  const day = new Date(now * 1000);
  day.setUTCHours(0, 0, 0, 0);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (period === 'daily') break;
    if (period === 'weekly' && day.getUTCDay() === 1) break;
    if (period === 'monthly' && day.getUTCDate() === 1) break;
  }
  return day.getTime() / 1000;
}

export const validId = (value: unknown): value is number =>
  isInteger(value) && value > 0 && value <= Number.MAX_SAFE_INTEGER;

/** An id in a path: digits only, so "1.5", "-1", "1e3" and " 1" are refused. */
export function validPathId(raw: string): number | null {
  if (!/^\d{1,16}$/.test(raw)) return null;
  const id = Number(raw);
  return validId(id) ? id : null;
}

/** A whole number in a query string; "" means the default. */
export function queryInt(
  raw: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number | null {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,16}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

/** The key as people paste it: blanks around it and an `sk-` in front do not matter. */
export function normalizeKey(input: string): string {
  const trimmed = input.trim();
  return trimmed.startsWith('sk-') ? trimmed.slice(3) : trimmed;
}

export const maskKey = (key: string): string => `${key.slice(0, 4)}**********${key.slice(-4)}`;

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** 1 or 2, or the 3 and 4 an enabled token reads as, which leave the switch as it is. */
export const isWrittenStatus = (value: unknown): value is 1 | 2 | 3 | 4 =>
  value === 1 || value === 2 || value === 3 || value === 4;

/** The status_only parameter: true, false, or null for anything else. */
export function parseStatusOnly(param: string | undefined): boolean | null {
  if (param === undefined || param === '' || param === 'false' || param === '0') return false;
  if (param === 'true' || param === '1') return true;
  return null;
}

/** QuotaPerUnit: a number, or text that is one, above 0 and at most QUOTA_PER_UNIT_MAX. */
export function validQuotaPerUnit(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) && number > 0 && number <= QUOTA_PER_UNIT_MAX ? number : null;
}

/** DisplayInCurrencyEnabled: a boolean, or its text. */
export const validCurrencyFlag = (value: unknown): boolean =>
  [true, false, 'true', 'false'].includes(value as string);
