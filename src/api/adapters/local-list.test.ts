import { describe, expect, it } from 'vitest';
import type { Token } from '../../contract/token';
import { listLocally } from './local-list';

const token = (id: number, fields: Partial<Token> = {}): Token => ({
  id,
  name: `token ${id}`,
  key: `${'k'.repeat(44)}${String(id).padStart(4, '0')}`,
  status: 1,
  remain_quota: 0,
  used_quota: 0,
  unlimited_quota: true,
  expired_time: -1,
  created_time: 1_700_000_000 + id,
  accessed_time: 1_700_000_000 + id,
  models: '',
  subnet: '',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: -1,
  rpm_limit: 0,
  previous_key_valid_until: null,
  ...fields,
});

const all = [
  token(1, { expired_time: 1_900_000_000, name: 'Beta' }),
  token(2, { name: 'alpha' }),
  token(3, { expired_time: 1_800_000_000, name: 'gamma' }),
  token(4, { name: 'Delta', status: 2 }),
];
const ids = (order: Parameters<typeof listLocally>[1]['order']) =>
  listLocally(all, { p: 1, size: 10, order }, 10).items.map((t) => t.id);

describe('listing over every token, as the service would', () => {
  it('orders by expiry with tokens that never expire after every date, ties by id', () => {
    expect(ids('expired_time')).toEqual([3, 1, 2, 4]);
    expect(ids('-expired_time')).toEqual([4, 2, 1, 3]);
  });

  it('orders names without regard to case, and filters by name, key and status', () => {
    expect(ids('name')).toEqual([2, 1, 4, 3]);
    const page = listLocally(all, { p: 1, size: 10, keyword: 'ETA', status: 1 }, 10);
    expect(page.items.map((t) => t.id)).toEqual([1]);
    const byKey = listLocally(all, { p: 1, size: 10, token: `sk-${all[2]!.key}` }, 10);
    expect(byKey.items.map((t) => t.id)).toEqual([3]);
  });
});
