import type Database from 'better-sqlite3';
import { TOKEN_EVENTS_MAX, type Delivery } from '../../../src/contract/webhook';
import type { KeySeal } from '../key-seal';
import type { WebhookPort } from '../ports/webhooks';
import {
  newEndpointFields,
  patchedEndpoint,
  previousSecretUntil,
  sealedSecret,
  webhookAudit,
} from '../webhook-changes';
import type { AttemptRow, DeliveryRow, EndpointRow, EventRow } from '../webhook-record';
import * as record from '../webhook-record';
import type { SqliteAudit } from './audit';
import type { GroupCommit } from './group-commit';

/** SQLite binds no booleans. */
const bindable = <T extends Pick<record.EndpointFields, 'enabled'>>(row: T) => ({
  ...row,
  enabled: row.enabled ? 1 : 0,
});

/** The webhook endpoints on SQLite: each change in the group commit, with its audit record. */
export function sqliteWebhookEndpoints(
  db: Database.Database,
  writes: GroupCommit,
  auditLog: SqliteAudit,
  seal: KeySeal,
  clock: () => number,
): WebhookPort {
  const statements = {
    all: db.prepare<[], EndpointRow>(
      `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY id`,
    ),
    byId: db.prepare<[number], EndpointRow>(
      `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?`,
    ),
    insert: db.prepare<
      [record.EndpointFields & { secret_sealed: Buffer; secret_masked: string }],
      EndpointRow
    >(
      `INSERT INTO webhook_endpoints (${record.ENDPOINT_FIELDS.join(', ')}, secret_sealed, secret_masked)
        VALUES (${record.ENDPOINT_FIELDS.map((column) => `@${column}`).join(', ')}, @secret_sealed, @secret_masked)
        RETURNING ${record.ENDPOINT_COLUMNS}`,
    ),
    update: db.prepare<[record.EndpointFields & { id: number }], EndpointRow>(
      `UPDATE webhook_endpoints SET ${record.ENDPOINT_FIELDS.map((column) => `${column} = @${column}`).join(', ')}
        WHERE id = @id RETURNING ${record.ENDPOINT_COLUMNS}`,
    ),
    remove: db.prepare<[number], EndpointRow>(
      `DELETE FROM webhook_endpoints WHERE id = ? RETURNING ${record.ENDPOINT_COLUMNS}`,
    ),
    // The secret replaced goes on signing until its time is up.
    rotate: db.prepare<[number, Buffer, string, number, number], EndpointRow>(
      `UPDATE webhook_endpoints SET previous_secret_sealed = secret_sealed,
        previous_secret_valid_until = ?, secret_sealed = ?, secret_masked = ?, updated_time = ?
        WHERE id = ? RETURNING ${record.ENDPOINT_COLUMNS}`,
    ),
    testEvent: db
      .prepare<[number, string], number>(
        `INSERT INTO webhook_events (type, created_at, actor) VALUES ('webhook.test', ?, ?)
          RETURNING id`,
      )
      .pluck(),
    deliver: db
      .prepare<[number, number, number, number], number>(
        `INSERT INTO webhook_deliveries (event_id, endpoint_id, state, manual, next_attempt_time, created_time)
          VALUES (?, ?, 'pending', 1, ?, ?) RETURNING id`,
      )
      .pluck(),
    delivery: db.prepare<[number, number], DeliveryRow & { event_row: number }>(
      `SELECT ${record.DELIVERY_COLUMNS}, d.event_id AS event_row FROM webhook_deliveries AS d
        JOIN webhook_events AS ev ON ev.id = d.event_id WHERE d.id = ? AND d.endpoint_id = ?`,
    ),
    page: db.prepare<[number, number, number], DeliveryRow>(
      `SELECT ${record.DELIVERY_COLUMNS} FROM webhook_deliveries AS d
        JOIN webhook_events AS ev ON ev.id = d.event_id
        WHERE d.endpoint_id = ? AND d.id < ? ORDER BY d.id DESC LIMIT ?`,
    ),
    attempts: db.prepare<[string], AttemptRow>(
      `SELECT ${record.ATTEMPT_COLUMNS} FROM webhook_attempts
        WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY id DESC`,
    ),
    tokenEvents: db.prepare<[number, number], EventRow>(
      `SELECT event_id, type, created_at FROM webhook_events WHERE token_id = ?
        ORDER BY id DESC LIMIT ?`,
    ),
  };

  const withAttempts = (rows: DeliveryRow[]): Delivery[] => {
    const attempts = statements.attempts.all(JSON.stringify(rows.map((row) => row.id)));
    return rows.map((row) => record.deliveryOf(row, attempts));
  };
  const deliveryById = (id: number, endpointId: number) => {
    const row = statements.delivery.get(id, endpointId);
    return row ? withAttempts([row])[0]! : null;
  };

  return {
    async webhooks() {
      const now = clock();
      return statements.all.all().map((row) => record.webhookOf(row, now));
    },

    createWebhook: (input, audit) =>
      writes.run(() => {
        const now = clock();
        const { secret, ...sealed } = sealedSecret(seal);
        const row = statements.insert.get({
          ...bindable(newEndpointFields(input, now)),
          ...sealed,
        })!;
        if (audit) auditLog.write(audit, webhookAudit('webhook.create', null, row, now), now);
        return record.webhookOf(row, now, secret);
      }),

    updateWebhook: (patch, audit) =>
      writes.run(() => {
        const row = statements.byId.get(patch.id);
        if (!row) return null;
        const now = clock();
        const next = patchedEndpoint(row, patch, now);
        if (!next) return record.webhookOf(row, now);
        const updated = statements.update.get(bindable(next))!;
        if (audit) auditLog.write(audit, webhookAudit('webhook.update', row, updated, now), now);
        return record.webhookOf(updated, now);
      }),

    removeWebhook: (id, audit) =>
      writes.run(() => {
        const removed = statements.remove.get(id);
        if (removed && audit) {
          const now = clock();
          auditLog.write(audit, webhookAudit('webhook.delete', removed, null, now), now);
        }
        return removed !== undefined;
      }),

    rotateWebhookSecret: (id, audit) =>
      writes.run(() => {
        const row = statements.byId.get(id);
        if (!row) return null;
        const now = clock();
        const { secret, secret_sealed, secret_masked } = sealedSecret(seal);
        const rotated = statements.rotate.get(
          previousSecretUntil(now),
          secret_sealed,
          secret_masked,
          now,
          id,
        )!;
        if (audit) auditLog.write(audit, webhookAudit('webhook.rotate', row, rotated, now), now);
        return record.webhookOf(rotated, now, secret);
      }),

    sendTestEvent: (id, actor) =>
      writes.run(() => {
        if (!statements.byId.get(id)) return null;
        const now = clock();
        const event = statements.testEvent.get(now, JSON.stringify(actor))!;
        return deliveryById(statements.deliver.get(event, id, now, now)!, id);
      }),

    async deliveries(id, query) {
      if (!statements.byId.get(id)) return null;
      const rows = statements.page.all(id, query.before ?? Number.MAX_SAFE_INTEGER, query.size + 1);
      const items = withAttempts(rows.slice(0, query.size));
      return { items, next_before: rows.length > query.size ? items.at(-1)!.id : null };
    },

    resendDelivery: (id, deliveryId) =>
      writes.run(() => {
        const original = statements.delivery.get(deliveryId, id);
        if (!original) return null;
        const now = clock();
        return deliveryById(statements.deliver.get(original.event_row, id, now, now)!, id);
      }),

    tokenEvents: async (tokenId) =>
      statements.tokenEvents.all(tokenId, TOKEN_EVENTS_MAX).map(record.eventSummaryOf),
  };
}
