/**
 * A past of changes for `npm run seed -- --audit-records N`: support staff topping up quotas and
 * switching tokens off, the owner creating and revealing, spread over the tokens as a busy
 * gateway's would be (a few tokens far more often than the rest), oldest first.
 */
import { DEFAULT_QUOTA_PER_UNIT } from '../src/contract/status';
import type { AuditAction } from '../src/contract/audit';
import type { AuditRow } from '../server/store/audit-entry';
import { between, pick } from './seed-random';

/** Records made at a time. */
const BATCH = 20_000;
const ACTORS = [
  { id: 0, name: 'ADMIN_KEY', role: 'owner' },
  { id: 1, name: 'Support desk', role: 'operator' },
  { id: 2, name: 'Night shift', role: 'operator' },
  { id: 3, name: 'Billing team', role: 'operator' },
] as const;
const ADDRESSES = ['203.0.113.7', '198.51.100.23', '2001:db8::42', '192.0.2.10'];

/** A token as a record shows it, with only what the seed varies given. */
function tokenJson(id: number, remain: number, status: number, now: number): string {
  return JSON.stringify({
    id,
    name: `Token ${id}`,
    key: 'sk00**********0000',
    status,
    remain_quota: remain,
    used_quota: between(0, 100 * DEFAULT_QUOTA_PER_UNIT),
    unlimited_quota: false,
    expired_time: -1,
    created_time: now - 400 * 86_400,
    accessed_time: now - between(0, 86_400),
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
  });
}

/** `count` records about the tokens with ids 1 to `lastId`, in batches, ending at `now`. */
export function* auditRows(count: number, lastId: number, now: number): Generator<AuditRow[]> {
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    yield Array.from({ length: size }, (_, i) => {
      const index = done + i;
      // Squared, so low ids come up far more often.
      const token = 1 + Math.floor(lastId * Math.random() ** 2);
      const actor = pick(ACTORS);
      const roll = Math.random();
      const action: AuditAction =
        actor.role === 'operator' || roll < 0.8
          ? 'token.update'
          : roll < 0.9
            ? 'token.reveal'
            : 'token.create';
      const remain = between(0, 500 * DEFAULT_QUOTA_PER_UNIT);
      const before = tokenJson(token, remain, 1, now);
      const after =
        action === 'token.update'
          ? tokenJson(token, remain + between(1, 50) * DEFAULT_QUOTA_PER_UNIT, between(1, 2), now)
          : before;
      return {
        time: now - (count - index),
        actor_id: actor.id,
        actor_name: actor.name,
        actor_role: actor.role,
        ip: pick(ADDRESSES),
        action,
        token_id: token,
        before: action === 'token.create' ? null : before,
        after,
      };
    });
  }
}
