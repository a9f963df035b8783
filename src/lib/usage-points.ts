import { USAGE_BUCKETS, type UsageFigures } from '../contract/usage';
import { unitsToUsd } from './quota';
import { formatTime, formatUtcDay } from './time';

/** One bucket as the chart and its table show it. */
export interface UsagePoint {
  time: number;
  label: string;
  usd: number;
  quota: number;
  requests: number;
  denied: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** The bucket still running (this hour, today): what it holds so far. */
  partial: boolean;
}

/**
 * A bucket's name: hours in the person's own clock, days as the UTC date they sum (the
 * service cuts days at 00:00 UTC).
 */
export function bucketLabel(time: number, bucket: UsageFigures['bucket'], locale: string): string {
  return bucket === 'hour' ? formatTime(time, locale) : formatUtcDay(time, locale);
}

export function usagePoints(
  figures: Pick<UsageFigures, 'series' | 'bucket' | 'to'>,
  quotaPerUnit: number,
  locale: string,
): UsagePoint[] {
  const size = USAGE_BUCKETS[figures.bucket];
  return figures.series.map((point) => ({
    ...point,
    label: bucketLabel(point.time, figures.bucket, locale),
    usd: unitsToUsd(point.quota, quotaPerUnit),
    partial: point.time + size > figures.to,
  }));
}

/** Whether anything happened in the range at all. */
export const usageIsEmpty = (figures: Pick<UsageFigures, 'totals'>) =>
  figures.totals.requests === 0 && figures.totals.quota === 0 && figures.totals.denied === 0;
