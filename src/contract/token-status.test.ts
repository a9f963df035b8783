import { describe, expect, it } from 'vitest';
import { returnedStatus } from './token-status';

const now = 1_700_000_000;
const base = { status: 1 as const, expired_time: -1, unlimited_quota: false, remain_quota: 10 };

describe('effective status', () => {
  it('is enabled or disabled as stored while nothing else applies', () => {
    expect(returnedStatus(base, now)).toBe(1);
    expect(returnedStatus({ ...base, status: 2 }, now)).toBe(2);
  });
  it('is expired once the expiry has passed, before exhausted', () => {
    expect(returnedStatus({ ...base, expired_time: now - 1, remain_quota: 0 }, now)).toBe(3);
    expect(returnedStatus({ ...base, expired_time: now + 60 }, now)).toBe(1);
  });
  it('is exhausted at zero quota unless unlimited', () => {
    expect(returnedStatus({ ...base, remain_quota: 0 }, now)).toBe(4);
    expect(returnedStatus({ ...base, remain_quota: 0, unlimited_quota: true }, now)).toBe(1);
  });
  it('stays disabled whatever else is true', () => {
    expect(returnedStatus({ ...base, status: 2, expired_time: now - 1 }, now)).toBe(2);
  });
});
