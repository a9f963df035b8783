import { afterEach, describe, expect, it, vi } from 'vitest';
import { bucketLabel } from './usage-points';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatRelative,
  formatSince,
  formatTime,
  formatUtcDay,
  nowSeconds,
  usesTwelveHours,
} from './time';

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

describe('one way of writing an instant', () => {
  // 2026-11-25 15:04:05 UTC; the hour in the test's own time zone varies, its shape does not.
  const instant = 1_795_619_045;
  const hour = instant - (instant % 3600);

  it('writes hours 12 or 24 as the locale does, the same way in every formatter', () => {
    expect(usesTwelveHours('en-US')).toBe(true);
    expect(formatTime(instant, 'en-US')).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    expect(formatClock(instant, 'en-US')).toMatch(/^\d{1,2}:\d{2}:05\s[AP]M$/);
    expect(usesTwelveHours('en-GB')).toBe(false);
    expect(formatTime(instant, 'en-GB')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatClock(instant, 'en-GB')).toMatch(/^\d{2}:\d{2}:05$/);
    expect(usesTwelveHours('zh-CN')).toBe(false);
  });

  it('writes the date and time together as it writes each alone', () => {
    for (const locale of ['en-US', 'en-GB', 'zh-CN']) {
      const whole = formatDateTime(instant, locale);
      expect(whole).toContain(formatDate(instant, locale));
      expect(whole).toContain(formatTime(instant, locale));
    }
  });

  it('names a usage chart’s hours as the rest of the screen writes times', () => {
    for (const locale of ['en-US', 'en-GB', 'zh-CN']) {
      expect(bucketLabel(hour, 'hour', locale)).toBe(formatTime(hour, locale));
    }
    expect(bucketLabel(hour, 'day', 'en-US')).toBe(formatUtcDay(hour, 'en-US'));
    expect(formatUtcDay(instant, 'en-US')).toBe('Nov 25');
  });
});
