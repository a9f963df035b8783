import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-cache';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 3 days", "2 hours ago": the largest unit that fits, rounded toward the nearer whole. */
export function formatRelative(unixSeconds: number, now: number, locale = 'en-US'): string {
  const diff = unixSeconds - now;
  const abs = Math.abs(diff);
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (abs >= size || unit === 'second') {
      return format.format(Math.round(diff / size), unit);
    }
  }
  return format.format(0, 'second');
}

export function formatDateTime(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(unixSeconds * 1000),
  );
}

export function formatTime(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(unixSeconds * 1000));
}

const DURATION_UNITS: Array<[string, number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "7 days", "1 hour", "90 seconds": in the largest unit that counts it whole. */
export function formatDuration(seconds: number, locale = 'en-US'): string {
  const [unit, size] = DURATION_UNITS.find(([, size]) => seconds % size === 0 && seconds > 0) ?? [
    'second',
    1,
  ];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}

export function formatDate(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(unixSeconds * 1000));
}
