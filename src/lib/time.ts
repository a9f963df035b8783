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

/**
 * How far ahead of this browser's clock the server's may be: a change the server stamped a few
 * seconds "from now" has already happened, on a clock that runs a little ahead.
 */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * When something that has already happened (a change, a use) did: "2 hours ago", and `justNow`
 * for the last minute, or for a time up to a minute ahead of this clock. Times are refreshed
 * every half minute or so, which makes "12 seconds ago" wrong as soon as it is shown.
 */
export function formatSince(
  unixSeconds: number,
  now: number,
  locale: string,
  justNow: string,
): string {
  const ago = now - unixSeconds;
  if (ago < 60 && ago >= -CLOCK_SKEW_SECONDS) return justNow;
  return formatRelative(unixSeconds, now, locale);
}

/*
 * Every date and time the dashboard writes goes through these, in the locale of the interface
 * (which follows the browser's own where it speaks the same language): one instant reads the
 * same everywhere, and hours are 12 or 24 the same way throughout.
 */

const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** "Nov 25, 2026, 10:00 AM". */
export function formatDateTime(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    at(unixSeconds),
  );
}

/** "10:00 AM". */
export function formatTime(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { timeStyle: 'short' }).format(at(unixSeconds));
}

/** "10:00:05 AM": a time to the second, for events seconds apart. */
export function formatClock(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { timeStyle: 'medium' }).format(at(unixSeconds));
}

/** "Nov 25, 2026". */
export function formatDate(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(at(unixSeconds));
}

/** "Nov 25": a day of the usage figures, which the service cuts at 00:00 UTC. */
export function formatUtcDay(unixSeconds: number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    at(unixSeconds),
  );
}

/** Whether the locale writes hours from 1 to 12 with AM and PM, or from 0 to 23. */
export function usesTwelveHours(locale: string): boolean {
  const { hourCycle } = dateTimeFormat(locale, { timeStyle: 'short' }).resolvedOptions();
  return hourCycle === 'h11' || hourCycle === 'h12';
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
