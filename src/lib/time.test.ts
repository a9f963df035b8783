import { describe, expect, it } from 'vitest';
import { formatRelative } from './time';

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
