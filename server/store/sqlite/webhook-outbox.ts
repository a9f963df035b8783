import type Database from 'better-sqlite3';
import type { KeySeal } from '../key-seal';
import type { WebhookOutboxPort } from '../ports/webhooks';
import { JOB_COLUMNS, jobOf, type JobRow } from '../webhook-job';
import type { AttemptResult, EndpointRow } from '../webhook-record';
import * as record from '../webhook-record';
import { EXPIRING_DAYS_OPTION, lookPlan, type LookMarks } from '../webhook-look';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';
import { TOKEN_JSON } from './list-query';
import type { SqliteQuotaResets } from './quota-resets';
import { EXPIRY_SORT_KEY } from './schema';

/** Deliveries due at @now: to switched-on endpoints, or sent by hand. */
const DUE = `FROM webhook_deliveries AS d JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
  JOIN webhook_events AS ev ON ev.id = d.event_id
  WHERE d.state = 'pending' AND d.next_attempt_time <= @now AND (e.enabled = 1 OR d.manual = 1)`;

/** The tokens whose expiry is after @from and at or before @through, through tokens_by_expiry. */
const expiringBetween = (type: 'token.expired' | 'token.expiring') => `
  INSERT OR IGNORE INTO webhook_events (type, token_id, created_at, token, once_key)
  SELECT '${type}', id, @now, ${TOKEN_JSON}, '${type}:' || id || ':' || expired_time FROM tokens
  WHERE (${EXPIRY_SORT_KEY}) > @from AND (${EXPIRY_SORT_KEY}) <= @through`;

/**
 * The deliverer's side of webhooks on SQLite (../webhook-record.ts). One process serves a SQLite
 * database, so its claims are leases kept in memory: a claim is a read, not a commit (each of
 * which waits for the disk), and a restart forgets them, as a lease running out would. Attempts
 * and the periodic look are each one write of the group commit.
 */
export function sqliteWebhookOutbox(
  db: Database.Database,
  writes: GroupCommit,
  auditLog: SqliteAudit,
  resets: SqliteQuotaResets,
  seal: KeySeal,
): WebhookOutboxPort {
  const statements = {
    due: db.prepare<{ now: number; limit: number }, JobRow>(
      `SELECT ${JOB_COLUMNS} ${DUE} ORDER BY d.next_attempt_time LIMIT @limit`,
    ),
    delivery: db.prepare<[number], { attempts: number; created_time: number; state: string }>(
      'SELECT attempts, created_time, state FROM webhook_deliveries WHERE id = ?',
    ),
    attempt: db.prepare<[AttemptResult]>(
      `INSERT INTO webhook_attempts (delivery_id, time, status_code, error, duration_ms, answer)
        VALUES (@delivery_id, @time, @status_code, @error, @duration_ms, @answer)`,
    ),
    settle: db.prepare<[string, number, number | null, number]>(
      `UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_time = ?
        WHERE id = ?`,
    ),
    endpoint: db.prepare<[number], EndpointRow>(
      `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?`,
    ),
    health: db.prepare<
      [number, number | null, string | null, number, number, number, number, number]
    >(
      `UPDATE webhook_endpoints SET last_attempt_time = ?, last_status_code = ?, last_error = ?,
        failures_in_row = ?, failing_since = ?, switched_off_time = ?, enabled = ? WHERE id = ?`,
    ),
    look: db.prepare<[], LookMarks>('SELECT expiring_through, expired_through FROM webhook_look'),
    option: db.prepare<[string], string>('SELECT value FROM options WHERE key = ?').pluck(),
    expired: db.prepare<{ now: number; from: number; through: number }>(
      expiringBetween('token.expired'),
    ),
    expiring: db.prepare<{ now: number; from: number; through: number }>(
      expiringBetween('token.expiring'),
    ),
    looked: db.prepare<[number, number]>(
      'UPDATE webhook_look SET expired_through = ?, expiring_through = ?',
    ),
    forgetPreviousSecrets: db.prepare<[number]>(
      `UPDATE webhook_endpoints SET previous_secret_sealed = NULL, previous_secret_valid_until = 0
        WHERE previous_secret_valid_until BETWEEN 1 AND ?`,
    ),
    prune: db.prepare<[number, number]>(
      `DELETE FROM webhook_events WHERE id IN (
        SELECT id FROM webhook_events WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
    ),
  };

  const open = (sealed: Buffer) => seal.open(sealed);
  /** Deliveries claimed, until when. */
  const leases = new Map<number, number>();

  /** The results of one endpoint, in time order: its health, and its switch-off. */
  const recordHealth = (endpointId: number, results: AttemptResult[]) => {
    const row = statements.endpoint.get(endpointId);
    if (!row) return;
    const { health, switchOff } = record.healthAfter(
      record.healthOf(row),
      Boolean(row.enabled),
      results,
    );
    statements.health.run(
      ...record.healthValues(health),
      switchOff ? 0 : row.enabled ? 1 : 0,
      endpointId,
    );
    if (switchOff) {
      auditLog.write(
        record.SWITCH_OFF_CONTEXT,
        record.switchOffEntry(record.webhookOf(row, health.last_attempt_time)),
        health.last_attempt_time,
      );
    }
  };

  return {
    async claimDeliveries(now, limit) {
      for (const [id, until] of leases) if (until <= now) leases.delete(id);
      const rows = statements.due.all({ now, limit: limit + leases.size });
      const claimed = rows.filter((row) => !leases.has(row.delivery_id)).slice(0, limit);
      for (const row of claimed) leases.set(row.delivery_id, now + record.LEASE_SECONDS);
      return claimed.map((row) => jobOf(row, open));
    },

    recordAttempts: (results, schedule) =>
      writes.run(() => {
        for (const result of results) leases.delete(result.delivery_id);
        const byEndpoint = new Map<number, AttemptResult[]>();
        for (const result of results) {
          const delivery = statements.delivery.get(result.delivery_id);
          // Its endpoint was deleted meanwhile, and the delivery with it.
          if (!delivery) continue;
          statements.attempt.run(result);
          if (delivery.state === 'pending') {
            const attempts = delivery.attempts + 1;
            const next = record.afterAttempt(result, attempts, delivery.created_time, schedule);
            statements.settle.run(next.state, attempts, next.next_attempt_time, result.delivery_id);
          }
          byEndpoint.set(result.endpoint_id, [
            ...(byEndpoint.get(result.endpoint_id) ?? []),
            result,
          ]);
        }
        for (const [endpointId, endpointResults] of byEndpoint) {
          recordHealth(
            endpointId,
            endpointResults.sort((a, b) => a.time - b.time),
          );
        }
      }),

    lookForTimedEvents: (now) =>
      writes.run(() => {
        resets.applyDue(now);
        const { expired, expiring, marks } = lookPlan(
          statements.look.get()!,
          now,
          statements.option.get(EXPIRING_DAYS_OPTION),
        );
        statements.expired.run({ now, ...expired });
        if (expiring) statements.expiring.run({ now, ...expiring });
        statements.looked.run(marks.expired_through, marks.expiring_through);
        statements.prune.run(now - record.EVENT_RETENTION_SECONDS, record.PRUNE_BATCH);
        statements.forgetPreviousSecrets.run(now);
      }),
  };
}
