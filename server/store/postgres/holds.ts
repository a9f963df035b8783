import type pg from 'pg';
import { REQUEST_ID_WINDOW_SECONDS } from '../../../src/contract/usage';
import { HOLD_SWEEP_BATCH, sweptBefore } from '../hold-settlement';
import { UNSETTLED, UsageMeter, type UsageSum } from '../usage-meter';
import { VERIFIED_COLUMNS } from '../verify-rules';

/** The id of the token a key names: its current key, or its previous one within the grace. */
export const ID_BY_KEY = `SELECT id FROM tokens WHERE key_digest = $1
  UNION ALL SELECT id FROM tokens WHERE previous_key_digest = $1 AND previous_key_valid_until > $2
  LIMIT 1`;

/** Takes the units only if the token, as it is at that moment, still has them. */
export const CHARGE = `UPDATE tokens SET
    remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - $2 END,
    used_quota = used_quota + $2, accessed_time = greatest(accessed_time, $3)
  WHERE id = $1 AND status = 1 AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= $2))
  RETURNING ${VERIFIED_COLUMNS}`;

/**
 * A hold: the charge and the hold's row in one statement, so neither is ever kept without the
 * other. Another verify of the same request_id racing it fails on the row's key, charging
 * nothing, and is judged again: it then finds the hold standing.
 */
export const HOLD = `WITH charged AS (${CHARGE}),
  held AS (INSERT INTO usage_holds (token_id, request_id, held, time, model)
    SELECT id, $4, $2, $3, $5 FROM charged)
  SELECT * FROM charged`;

/**
 * Whether a request_id's hold stands on the token of `token`, or its report came within 24
 * hours (then the request was charged already): `requestId` and `since` are placeholders.
 */
export const standingSql = (token: string, requestId: string, since: string) => `(
  EXISTS (SELECT 1 FROM usage_holds WHERE token_id = ${token} AND request_id = ${requestId})
  OR EXISTS (SELECT 1 FROM usage_requests
    WHERE token_id = ${token} AND request_id = ${requestId} AND time > ${since})) AS standing`;

/** The `since` of standingSql at `now`. */
export const standingSince = (now: number) => now - REQUEST_ID_WINDOW_SECONDS;

export const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown }).code === UNIQUE_VIOLATION;

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
