import { NEVER } from '../../../src/contract/token';

/** The columns verify_key answers with, as a verify reads its token (VerifiedToken). */
const TOKEN_COLUMNS = [
  'id',
  'name',
  'status',
  'remain_quota',
  'unlimited_quota',
  'expired_time',
  'models',
  'subnet',
  'next_reset_time',
  'rpm_limit',
];
const columns = (table: string) => TOKEN_COLUMNS.map((column) => `${table}.${column}`).join(', ');
const KEY_NAMES_IT = `(k.key_digest = p_digest
  OR (k.previous_key_digest = p_digest AND k.previous_key_valid_until > p_now))`;

/**
 * Migration 16: a verify as one call, so that it costs one round trip however it goes.
 *
 * verify_key finds the token by its key's digest (a key rotated out still names its token until
 * its time is up), gathers what the verdict needs, decides, and when the key passes takes what it
 * must, in the one transaction of the statement that calls it:
 *
 * - A token with a requests-per-minute limit first takes its row in rate_windows (an upsert that
 *   starts a new minute at 0), which it keeps until the end: verifies of that token, through any
 *   instance, take their turns there, so the window is counted exactly across instances. The
 *   token is then read again, by a statement of its own, which sees what the verify it waited for
 *   committed. rate_windows is unlogged, so a free check of a limited key writes nothing to the
 *   log and its commit waits for no disk.
 * - Whether a request_id's hold stands already (or was settled in the last 24 hours).
 * - The verdict: switched on, not expired, the token's models and subnet are the lists the caller
 *   judged (p_models, p_subnet, whose judgement is p_allowed: the rules stay in verify-rules.ts,
 *   in JavaScript, and hold while the lists are the same), the minute not full, and the units
 *   there for the cost (p_cost for a limited key, p_unlimited_cost for an unlimited one; nothing
 *   for a hold that stands).
 * - A passing charge writes its hold's row first (ON CONFLICT DO NOTHING: a verify of the same
 *   request_id that got there first makes this one find the hold standing when it looks again),
 *   then takes the units with an UPDATE whose WHERE requires them still there, as it sees the
 *   newest row: no two verifies spend the same units. If another verify spent them meanwhile, the
 *   hold's row goes and the token is judged again from the start. Last comes the window's count.
 *
 * It answers the token (after its charge), the verifies counted in its window (with this one when
 * it passed), whether the hold stood, what it took and whether it passed; no row when no token has
 * the key. A token not passed is judged again by the caller from the row it answers: that is the
 * refusal's answer, or, when the lists were not the ones judged or a plan must fit the cost to
 * what is left, a second call with those. A token whose refill is due is answered as it is, not
 * passed: the caller applies the refill (its next times are worked out in JavaScript) and asks
 * again. Whatever else a charge must write in its transaction can be a data-modifying CTE around
 * the call, reading its row.
 */
export const VERIFY_FUNCTION = `
  CREATE FUNCTION verify_key(
    p_digest BYTEA, p_now BIGINT, p_window BIGINT,
    p_models TEXT, p_subnet TEXT, p_allowed BOOLEAN,
    p_cost BIGINT, p_unlimited_cost BIGINT,
    p_request_id TEXT, p_since BIGINT, p_model TEXT
  ) RETURNS TABLE (
    id BIGINT, name TEXT, status SMALLINT, remain_quota BIGINT, unlimited_quota BOOLEAN,
    expired_time BIGINT, models TEXT, subnet TEXT, next_reset_time BIGINT, rpm_limit INTEGER,
    counted INTEGER, standing BOOLEAN, held BIGINT, passed BOOLEAN
  ) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    t RECORD;
    token_found BIGINT;
    windowed BOOLEAN;
    counted_now INTEGER;
    standing_now BOOLEAN;
    taken BIGINT;
    passing BOOLEAN;
  BEGIN
    <<attempt>>
    LOOP
      SELECT ${columns('k')} INTO t FROM tokens AS k WHERE k.key_digest = p_digest;
      IF NOT FOUND THEN
        SELECT ${columns('k')} INTO t FROM tokens AS k
          WHERE k.previous_key_digest = p_digest AND k.previous_key_valid_until > p_now LIMIT 1;
        IF NOT FOUND THEN RETURN; END IF;
      END IF;
      token_found := t.id;
      windowed := t.rpm_limit > 0;
      counted_now := 0;
      standing_now := false;
      taken := 0;
      passing := false;
      IF windowed THEN
        INSERT INTO rate_windows AS w (token_id, window_start, count) VALUES (token_found, p_window, 0)
          ON CONFLICT (token_id) DO UPDATE SET
            count = CASE WHEN w.window_start = excluded.window_start THEN w.count ELSE 0 END,
            window_start = excluded.window_start
          RETURNING w.count INTO counted_now;
        SELECT ${columns('k')} INTO t FROM tokens AS k WHERE k.id = token_found AND ${KEY_NAMES_IT};
        IF NOT FOUND THEN RETURN; END IF;
      END IF;
      EXIT attempt WHEN t.next_reset_time >= 0 AND t.next_reset_time <= p_now;

      standing_now := p_request_id IS NOT NULL AND (
        EXISTS (SELECT 1 FROM usage_holds AS h
          WHERE h.token_id = token_found AND h.request_id = p_request_id)
        OR EXISTS (SELECT 1 FROM usage_requests AS r
          WHERE r.token_id = token_found AND r.request_id = p_request_id AND r.time > p_since));
      taken := CASE WHEN standing_now THEN 0 WHEN t.unlimited_quota THEN p_unlimited_cost ELSE p_cost END;
      passing := t.status = 1 AND (t.expired_time = ${NEVER} OR t.expired_time > p_now)
        AND t.models = p_models AND t.subnet = p_subnet AND p_allowed
        AND (t.rpm_limit = 0 OR counted_now < t.rpm_limit)
        AND (standing_now OR t.unlimited_quota OR (t.remain_quota > 0 AND t.remain_quota >= taken));
      EXIT attempt WHEN NOT passing;

      IF taken > 0 THEN
        IF p_request_id IS NOT NULL THEN
          INSERT INTO usage_holds (token_id, request_id, held, time, model)
            SELECT token_found, p_request_id, taken, p_now, p_model
            WHERE NOT EXISTS (SELECT 1 FROM usage_requests AS r
              WHERE r.token_id = token_found AND r.request_id = p_request_id AND r.time > p_since)
            ON CONFLICT (token_id, request_id) DO NOTHING;
          CONTINUE attempt WHEN NOT FOUND;
        END IF;
        UPDATE tokens AS k SET
            remain_quota = CASE WHEN k.unlimited_quota THEN k.remain_quota ELSE k.remain_quota - taken END,
            used_quota = k.used_quota + taken,
            accessed_time = greatest(k.accessed_time, p_now)
          WHERE k.id = token_found AND k.status = 1
            AND (k.unlimited_quota OR (k.remain_quota > 0 AND k.remain_quota >= taken))
          RETURNING ${columns('k')} INTO t;
        IF NOT FOUND THEN
          DELETE FROM usage_holds AS h WHERE h.token_id = token_found AND h.request_id = p_request_id;
          CONTINUE attempt;
        END IF;
      END IF;
      IF windowed THEN
        UPDATE rate_windows AS w SET count = w.count + 1 WHERE w.token_id = token_found
          RETURNING w.count INTO counted_now;
      END IF;
      EXIT attempt;
    END LOOP;
    RETURN QUERY SELECT ${columns('t')}, counted_now, standing_now,
      CASE WHEN passing THEN taken ELSE 0 END, passing;
  END $$;
`;
