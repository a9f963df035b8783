import type pg from 'pg';
import type { KeySeal } from '../key-seal';
import type { WebhookOutboxPort } from '../ports/webhooks';
import { JOB_COLUMNS, jobOf, type JobRow } from '../webhook-job';
import type { AttemptResult, EndpointRow } from '../webhook-record';
import * as record from '../webhook-record';
import { EXPIRING_DAYS_OPTION, lookPlan, type LookMarks } from '../webhook-look';
import { writeAudit } from './audit';
import type { Query, Transaction } from './connection';
import { tokenJson } from './sql';

/**
 * Deliveries due at $1 that no other instance holds, locked and leased until $3 in the same
 * statement: instances claiming at once skip each other's rows rather than wait for them.
 */
const CLAIM = `WITH due AS (
    SELECT d.id FROM webhook_deliveries AS d JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
    WHERE d.state = 'pending' AND d.next_attempt_time <= $1 AND d.lease_until <= $1
      AND (e.enabled OR d.manual)
    ORDER BY d.next_attempt_time LIMIT $2
    FOR UPDATE OF d SKIP LOCKED),
  claimed AS (
    UPDATE webhook_deliveries AS d SET lease_until = $3 FROM due WHERE d.id = due.id
    RETURNING d.*)
  SELECT ${JOB_COLUMNS} FROM claimed AS d
    JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
    JOIN webhook_events AS ev ON ev.id = d.event_id
  ORDER BY d.next_attempt_time`;

/** The tokens whose expiry is after $2 and at or before $3, through tokens_by_expiry. */
const expiringBetween = (type: 'token.expired' | 'token.expiring') => `
  INSERT INTO webhook_events (type, token_id, created_at, token, once_key)
  SELECT '${type}', id, $1, ${tokenJson('$1::bigint')}, '${type}:' || id || ':' || expired_time
  FROM tokens WHERE expiry_order > $2 AND expiry_order <= $3
  ON CONFLICT (once_key) DO NOTHING`;

type DeliveryState = { id: number; attempts: number; created_time: number; state: string };

/**
 * The deliverer's side of webhooks on PostgreSQL (../webhook-record.ts): claims with FOR UPDATE
 * SKIP LOCKED and a lease, attempts recorded a batch per transaction, and the periodic look
 * under the lock of its one row, so instances looking together record each event once.
 */
export function postgresWebhookOutbox(
  query: Query,
  transaction: Transaction,
  catchUp: (now?: number) => Promise<void>,
  seal: KeySeal,
): WebhookOutboxPort {
  const open = (sealed: Buffer) => seal.open(sealed);

  /** Each endpoint's health after its results, and its switch-off with its audit record. */
  const recordHealth = async (client: pg.PoolClient, results: readonly AttemptResult[]) => {
    const ids = [...new Set(results.map((result) => result.endpoint_id))];
    const { rows } = await client.query<EndpointRow>(
      `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ANY($1::bigint[])
        ORDER BY id FOR UPDATE`,
      [ids],
    );
    for (const row of rows) {
      const own = results
        .filter((result) => result.endpoint_id === Number(row.id))
        .sort((a, b) => a.time - b.time);
      const { health, switchOff } = record.healthAfter(
        record.healthOf(row),
        Boolean(row.enabled),
        own,
      );
      await client.query(
        `UPDATE webhook_endpoints SET last_attempt_time = $2, last_status_code = $3,
          last_error = $4, failures_in_row = $5, failing_since = $6, switched_off_time = $7,
          enabled = enabled AND NOT $8 WHERE id = $1`,
        [row.id, ...record.healthValues(health), switchOff],
      );
      if (switchOff) {
        await writeAudit(
          client,
          record.SWITCH_OFF_CONTEXT,
          record.switchOffEntry(record.webhookOf(row, health.last_attempt_time)),
          health.last_attempt_time,
        );
      }
    }
  };

  return {
    async claimDeliveries(now, limit) {
      const { rows } = await query<JobRow>(CLAIM, [now, limit, now + record.LEASE_SECONDS]);
      return rows.map((row) => jobOf(row, open));
    },

    async recordAttempts(results, schedule) {
      if (results.length === 0) return;
      await transaction(async (client) => {
        const { rows } = await client.query<DeliveryState>(
          `SELECT id, attempts, created_time, state FROM webhook_deliveries
            WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
          [results.map((result) => result.delivery_id)],
        );
        const deliveries = new Map(rows.map((row) => [Number(row.id), row]));
        // A delivery gone with its endpoint, deleted meanwhile, has nothing left to record.
        const kept = results.filter((result) => deliveries.has(result.delivery_id));
        const column = <K extends keyof AttemptResult>(key: K) => kept.map((result) => result[key]);
        await client.query(
          `INSERT INTO webhook_attempts (delivery_id, time, status_code, error, duration_ms, answer)
            SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::text[], $5::int[], $6::text[])`,
          [
            column('delivery_id'),
            column('time'),
            column('status_code'),
            column('error'),
            column('duration_ms'),
            column('answer'),
          ],
        );
        const settled = kept.flatMap((result) => {
          const delivery = deliveries.get(result.delivery_id)!;
          if (delivery.state !== 'pending') return [];
          delivery.attempts += 1;
          const next = record.afterAttempt(
            result,
            delivery.attempts,
            delivery.created_time,
            schedule,
          );
          return [{ id: result.delivery_id, attempts: delivery.attempts, ...next }];
        });
        await client.query(
          `UPDATE webhook_deliveries AS d SET state = s.state, attempts = s.attempts,
            next_attempt_time = s.next, lease_until = 0
          FROM unnest($1::bigint[], $2::text[], $3::int[], $4::bigint[]) AS s (id, state, attempts, next)
          WHERE d.id = s.id`,
          [
            settled.map((row) => row.id),
            settled.map((row) => row.state),
            settled.map((row) => row.attempts),
            settled.map((row) => row.next_attempt_time),
          ],
        );
        await recordHealth(client, kept);
      });
    },

    async lookForTimedEvents(now) {
      await catchUp(now);
      await transaction(async (client) => {
        const { rows } = await client.query<LookMarks>(
          'SELECT expiring_through, expired_through FROM webhook_look FOR UPDATE',
        );
        const option = await client.query<{ value: string }>(
          'SELECT value FROM options WHERE key = $1',
          [EXPIRING_DAYS_OPTION],
        );
        const { expired, expiring, marks } = lookPlan(rows[0]!, now, option.rows[0]?.value);
        await client.query(expiringBetween('token.expired'), [now, expired.from, expired.through]);
        if (expiring) {
          await client.query(expiringBetween('token.expiring'), [
            now,
            expiring.from,
            expiring.through,
          ]);
        }
        await client.query('UPDATE webhook_look SET expired_through = $1, expiring_through = $2', [
          marks.expired_through,
          marks.expiring_through,
        ]);
        await client.query(
          // ARRAY(): the batch is found once, as for the token list's pages (list-reader.ts).
          `DELETE FROM webhook_events WHERE id = ANY(ARRAY(
            SELECT id FROM webhook_events WHERE created_at < $1 ORDER BY created_at LIMIT $2))`,
          [now - record.EVENT_RETENTION_SECONDS, record.PRUNE_BATCH],
        );
      });
      await query(
        `UPDATE webhook_endpoints SET previous_secret_sealed = NULL, previous_secret_valid_until = 0
          WHERE previous_secret_valid_until BETWEEN 1 AND $1`,
        [now],
      );
    },
  };
}
