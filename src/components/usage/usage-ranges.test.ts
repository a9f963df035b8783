import { describe, expect, it } from 'vitest';
import { usageRange } from '../../contract/usage';
import { USAGE_RANGE_CHOICES, USAGE_RANGES, usageAsk } from './usage-ranges';

describe('usage ranges', () => {
  const now = Date.UTC(2026, 10, 25, 10, 17, 42) / 1000;

  it('gives as many buckets as the range names, the current one last', () => {
    for (const choice of USAGE_RANGE_CHOICES) {
      const ask = usageAsk(choice, now);
      const range = usageRange(ask, now);
      if (typeof range === 'string') throw new Error(range);
      const size = range.bucket === 'hour' ? 3_600 : 86_400;
      expect(range.bucket).toBe(USAGE_RANGES[choice].bucket);
      expect(Math.ceil((range.to - range.from) / size)).toBe(USAGE_RANGES[choice].span / size);
    }
  });

  it('starts the last 24 hours at the top of an hour, the last 7 days at midnight UTC', () => {
    expect(usageAsk('24h', now).from).toBe(Date.UTC(2026, 10, 24, 11) / 1000);
    expect(usageAsk('7d', now).from).toBe(Date.UTC(2026, 10, 19) / 1000);
  });
});
