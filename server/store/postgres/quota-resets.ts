import type { Query } from './connection';
import { applyResetsSql, resetTimes } from '../quota-resets';

const APPLY_RESETS = applyResetsSql({
  now: '$1::bigint',
  daily: '$2::bigint',
  weekly: '$3::bigint',
  monthly: '$4::bigint',
});

/**
 * Applies the refills that fell due, before anything reads the tokens (../quota-resets.ts): one
 * UPDATE through a partial index, which writes nothing when none is due. Instances doing it at
 * once do not refill a token twice: the second finds its next reset already moved on.
 */
export function postgresQuotaResets(query: Query, clock: () => number) {
  return async (now = clock()): Promise<void> => {
    const times = resetTimes(now);
    await query(APPLY_RESETS, [times.now, times.daily, times.weekly, times.monthly]);
  };
}
