import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelative, formatSince, nowSeconds } from './time';

describe('relative time', () => {
  const now = 1_700_000_000;
  it('says "in 3 days" and "2 hours ago"', () => {
    expect(formatRelative(now + 3 * 86_400, now)).toBe('in 3 days');
    expect(formatRelative(now - 2 * 3600, now)).toBe('2 hours ago');
  });
  it('uses the largest unit that fits', () => {
    expect(formatRelative(now + 90, now)).toBe('in 2 minutes');
    expect(formatRelative(now + 40 * 86_400, now)).toBe('next month');
    expect(formatRelative(now, now)).toBe('now');
  });
  it('speaks the reader’s language', () => {
    expect(formatRelative(now + 3 * 86_400, now, 'zh-CN')).toBe('3天后');
  });
});

describe('when something already happened', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const since = (time: number) => formatSince(time, nowSeconds(), 'en-US', 'just now');

  it('is just now up to a minute ahead of this clock, which runs behind the server’s', () => {
    vi.useFakeTimers({ now: new Date(1_700_000_000_000) });
    expect(since(1_700_000_002)).toBe('just now');
    expect(since(1_700_000_059)).toBe('just now');
    expect(since(1_700_000_000)).toBe('just now');
    expect(since(1_699_999_990)).toBe('just now');
  });

  it('is so long ago beyond the last minute, and stays so as the clock moves on', () => {
    vi.useFakeTimers({ now: new Date(1_700_000_000_000) });
    expect(since(1_700_000_000 - 2 * 3600)).toBe('2 hours ago');
    expect(since(1_700_000_000 - 120)).toBe('2 minutes ago');
    vi.advanceTimersByTime(2 * 3_600_000);
    expect(since(1_700_000_005)).toBe('2 hours ago');
  });

  it('leaves times truly ahead to formatRelative: an expiry is still "in 3 days"', () => {
    vi.useFakeTimers({ now: new Date(1_700_000_000_000) });
    expect(formatRelative(1_700_000_000 + 3 * 86_400, nowSeconds())).toBe('in 3 days');
    expect(formatRelative(1_700_000_030, nowSeconds())).toBe('in 30 seconds');
  });
});
