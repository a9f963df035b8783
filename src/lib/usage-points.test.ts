import { describe, expect, it } from 'vitest';
import { usagePoints } from './usage-points';

const DAY = 86_400;

describe('the points of a usage chart', () => {
  const series = [0, 1, 2].map((day) => ({
    time: day * DAY,
    requests: 1,
    quota: 500_000,
    denied: 0,
    prompt_tokens: 3_000,
    completion_tokens: 800,
  }));

  it('mark the bucket still running as partial, and only that one', () => {
    const points = usagePoints({ series, bucket: 'day', to: 2 * DAY + 3_600 }, 500_000, 'en-US');
    expect(points.map((point) => point.partial)).toEqual([false, false, true]);
    expect(points.map((point) => point.label)).toEqual(['Jan 1', 'Jan 2', 'Jan 3']);
    expect(points[2]?.usd).toBe(1);
  });

  it('mark none when the range ends where a bucket does', () => {
    const points = usagePoints({ series, bucket: 'day', to: 3 * DAY }, 500_000, 'en-US');
    expect(points.some((point) => point.partial)).toBe(false);
  });
});
