import type pg from 'pg';
import { HOLD_SWEEP_BATCH, sweptBefore } from '../hold-settlement';
import { UNSETTLED, UsageMeter, type UsageSum } from '../usage-meter';

/** The id of the token a key names: its current key, or its previous one within the grace. */
export const ID_BY_KEY = `SELECT id FROM tokens WHERE key_digest = $1
  UNION ALL SELECT id FROM tokens WHERE previous_key_digest = $1 AND previous_key_valid_until > $2
  LIMIT 1`;

/**
 * The oldest holds an hour old, deleted and their request_ids closed (a late report is then a
 * duplicate) in one statement. Rows another instance is sweeping, or a report is settling, are
 * skipped, so each hold is swept once.
 */
const SWEEP = `WITH due AS (
    SELECT token_id, request_id FROM usage_holds WHERE time <= $1
    ORDER BY time LIMIT ${HOLD_SWEEP_BATCH} FOR UPDATE SKIP LOCKED
  ), swept AS (
    DELETE FROM usage_holds AS h USING due
    WHERE h.token_id = due.token_id AND h.request_id = due.request_id
    RETURNING h.token_id, h.request_id, h.time, h.model
  ), closed AS (
    INSERT INTO usage_requests (token_id, request_id, time)
      SELECT token_id, request_id, $2 FROM swept
    ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time
  )
  SELECT token_id, time, model FROM swept`;

/** Whether a hold is an hour old at `now`. */
export const HOLD_DUE = 'SELECT 1 FROM usage_holds WHERE time <= $1 LIMIT 1';
export const holdDueValues = (now: number) => [sweptBefore(now)];

/** Sweeps in the caller's transaction; the UNSETTLED sums that count the holds swept. */
export async function sweepHolds(client: pg.ClientBase, now: number): Promise<UsageSum[]> {
  const { rows } = await client.query<{ token_id: number; time: number; model: string }>(SWEEP, [
    sweptBefore(now),
    now,
  ]);
  const counted = new UsageMeter();
  for (const hold of rows) counted.add(hold.token_id, hold.time, hold.model, UNSETTLED, 0);
  return counted.take();
}
