import type { UsageAsk } from '../../api/backend';
import { USAGE_BUCKETS, type UsageBucket } from '../../contract/usage';

/** The ranges a person picks from: the last day by the hour, longer ones by the day. */
export const USAGE_RANGES = {
  '24h': { span: 86_400, bucket: 'hour' },
  '7d': { span: 7 * 86_400, bucket: 'day' },
  '30d': { span: 30 * 86_400, bucket: 'day' },
  '90d': { span: 90 * 86_400, bucket: 'day' },
} as const satisfies Record<string, { span: number; bucket: UsageBucket }>;

export type UsageRangeChoice = keyof typeof USAGE_RANGES;
export const USAGE_RANGE_CHOICES = Object.keys(USAGE_RANGES) as UsageRangeChoice[];
export const DEFAULT_USAGE_RANGE: UsageRangeChoice = '7d';

export const isUsageRange = (value: unknown): value is UsageRangeChoice =>
  typeof value === 'string' && value in USAGE_RANGES;

/**
 * The range ending now, its first bucket whole: "the last 24 hours" starts at the hour 23 hours
 * before the current one, so the chart shows 24 bars with the current one last.
 */
export function usageAsk(choice: UsageRangeChoice, now: number): UsageAsk {
  const { span, bucket } = USAGE_RANGES[choice];
  const size = USAGE_BUCKETS[bucket];
  const current = Math.floor(now / size) * size;
  return { from: current - span + size, to: now, bucket };
}
