import type { UsageRange } from '../../src/contract/usage';

export const HOUR = 3_600;
export const DAY = 86_400;

/** A span of Unix seconds, from included, to excluded. */
export interface Span {
  from: number;
  to: number;
}

/**
 * Where a range's figures are read: whole days from the daily sums (a row per day, however long
 * the range), and only the range's partial days from the hourly sums.
 */
export interface UsagePlan {
  days: Span | null;
  hours: Span[];
}

/** The hours of the range's first and last days that lie outside the range, if any. */
export function outsideHours(range: Span): { before: Span | null; after: Span | null } {
  const dayFrom = Math.floor(range.from / DAY) * DAY;
  const dayTo = Math.ceil(range.to / DAY) * DAY;
  return {
    before: dayFrom < range.from ? { from: dayFrom, to: range.from } : null,
    after: range.to < dayTo ? { from: range.to, to: dayTo } : null,
  };
}

/**
 * The plan of a range, given whether the hours outside it on its first and last days hold any
 * figures. Most ranges end now, and the rest of today holds nothing yet: today is then read
 * whole from the daily sums.
 */
export function planUsage(range: UsageRange, beforeHolds: boolean, afterHolds: boolean): UsagePlan {
  const first = (beforeHolds ? Math.ceil : Math.floor)(range.from / DAY) * DAY;
  const last = (afterHolds ? Math.floor : Math.ceil)(range.to / DAY) * DAY;
  if (first >= last) return { days: null, hours: [{ from: range.from, to: range.to }] };
  const hours: Span[] = [];
  if (range.from < first) hours.push({ from: range.from, to: first });
  if (last < range.to) hours.push({ from: last, to: range.to });
  return { days: { from: first, to: last }, hours };
}

/** The start of every day of a span of whole days. */
export function daysOf(span: Span): number[] {
  const days: number[] = [];
  for (let day = span.from; day < span.to; day += DAY) days.push(day);
  return days;
}
