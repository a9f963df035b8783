import { describe, expect, it } from 'vitest';
import { gatewayRequestId } from './request-id';

const VERSION_7 = /^gw-[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('gateway request ids', () => {
  it('are version 7 UUIDs after gw-, carrying the time they were made', () => {
    const id = gatewayRequestId(Date.UTC(2026, 10, 27, 12));
    expect(id).toMatch(VERSION_7);
    expect(parseInt(id.slice(3, 16).replace('-', ''), 16)).toBe(Date.UTC(2026, 10, 27, 12));
  });

  it('sort by the time they were made, and never repeat', () => {
    const ids = [1_000, 1_001, 2_000_000_000_000].map((ms) => gatewayRequestId(ms));
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 10_000 }, () => gatewayRequestId(5_000)));
    expect(same.size).toBe(10_000);
  });
});
