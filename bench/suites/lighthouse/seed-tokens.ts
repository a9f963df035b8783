import type { NewToken } from '../../lib/api';

const DAY = 86_400;
const PURPOSES = ['backend', 'batch job', 'notebook', 'CI runner', 'staging', 'eval harness'];

/** A few dozen tokens of every kind the list shows: limited, unlimited, expiring, expired, empty. */
export function seedTokens(): NewToken[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: 36 }, (_, index) => ({
    name: `Bench ${PURPOSES[index % PURPOSES.length]} ${String(index + 1).padStart(2, '0')}`,
    remain_quota: index % 9 === 0 ? 0 : (index + 1) * 2_500_000,
    unlimited_quota: index % 7 === 0,
    expired_time: index % 5 === 0 ? now + ((index % 3) + 1) * DAY : -1,
  }));
}
