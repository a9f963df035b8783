import type pg from 'pg';
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
import { writeAudit } from './audit';
import type { Query, Transaction } from './connection';

type Client = Pick<pg.ClientBase, 'query'>;

const fieldValues = (row: record.EndpointFields) =>
  record.ENDPOINT_FIELDS.map((column) => row[column]);

const INSERT = `INSERT INTO webhook_endpoints (${record.ENDPOINT_FIELDS.join(', ')}, secret_sealed, secret_masked)
  VALUES (${record.ENDPOINT_FIELDS.map((_, i) => `$${i + 1}`).join(', ')}, $${record.ENDPOINT_FIELDS.length + 1}, $${record.ENDPOINT_FIELDS.length + 2})
  RETURNING ${record.ENDPOINT_COLUMNS}`;
const UPDATE = `UPDATE webhook_endpoints SET ${record.ENDPOINT_FIELDS.map((column, i) => `${column} = $${i + 2}`).join(', ')}
  WHERE id = $1 RETURNING ${record.ENDPOINT_COLUMNS}`;
const LOCKED = `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 FOR UPDATE`;
const DELIVER = `INSERT INTO webhook_deliveries
    (event_id, endpoint_id, state, manual, next_attempt_time, created_time)
  VALUES ($1, $2, 'pending', true, $3, $3) RETURNING id`;
const DELIVERY = `SELECT ${record.DELIVERY_COLUMNS}, d.event_id AS event_row FROM webhook_deliveries AS d
  JOIN webhook_events AS ev ON ev.id = d.event_id WHERE d.id = $1 AND d.endpoint_id = $2`;

/** The webhook endpoints on PostgreSQL: each change in one transaction with its audit record. */
export function postgresWebhookEndpoints(
  query: Query,
  transaction: Transaction,
  seal: KeySeal,
  clock: () => number,
): WebhookPort {
  const withAttempts = async (client: Client, rows: DeliveryRow[]): Promise<Delivery[]> => {
    const { rows: attempts } = await client.query<AttemptRow>(
      `SELECT ${record.ATTEMPT_COLUMNS} FROM webhook_attempts WHERE delivery_id = ANY($1::bigint[])
        ORDER BY id DESC`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => record.deliveryOf(row, attempts));
  };
  const deliveryById = async (client: Client, id: number, endpointId: number) => {
    const { rows } = await client.query<DeliveryRow>(DELIVERY, [id, endpointId]);
    return rows[0] ? (await withAttempts(client, rows))[0]! : null;
  };
  const exists = async (id: number) =>
    (await query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [id])).rows.length > 0;

  return {
    async webhooks() {
      const { rows } = await query<EndpointRow>(
        `SELECT ${record.ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY id`,
      );
      const now = clock();
      return rows.map((row) => record.webhookOf(row, now));
    },

    createWebhook: (input, audit) =>
      transaction(async (client) => {
        const now = clock();
        const { secret, secret_sealed, secret_masked } = sealedSecret(seal);
        const { rows } = await client.query<EndpointRow>(INSERT, [
          ...fieldValues(newEndpointFields(input, now)),
          secret_sealed,
          secret_masked,
        ]);
        const row = rows[0]!;
        if (audit) {
          await writeAudit(client, audit, webhookAudit('webhook.create', null, row, now), now);
        }
        return record.webhookOf(row, now, secret);
      }),

    updateWebhook: (patch, audit) =>
      transaction(async (client) => {
        const row = (await client.query<EndpointRow>(LOCKED, [patch.id])).rows[0];
        if (!row) return null;
        const now = clock();
        const next = patchedEndpoint(row, patch, now);
        if (!next) return record.webhookOf(row, now);
        const { rows } = await client.query<EndpointRow>(UPDATE, [next.id, ...fieldValues(next)]);
        const updated = rows[0]!;
        if (audit) {
          await writeAudit(client, audit, webhookAudit('webhook.update', row, updated, now), now);
        }
        return record.webhookOf(updated, now);
      }),

    removeWebhook: (id, audit) =>
      transaction(async (client) => {
        const { rows } = await client.query<EndpointRow>(
          `DELETE FROM webhook_endpoints WHERE id = $1 RETURNING ${record.ENDPOINT_COLUMNS}`,
          [id],
        );
        const removed = rows[0];
        if (removed && audit) {
          const now = clock();
          await writeAudit(client, audit, webhookAudit('webhook.delete', removed, null, now), now);
        }
        return removed !== undefined;
      }),

    rotateWebhookSecret: (id, audit) =>
      transaction(async (client) => {
        const row = (await client.query<EndpointRow>(LOCKED, [id])).rows[0];
        if (!row) return null;
        const now = clock();
        const { secret, secret_sealed, secret_masked } = sealedSecret(seal);
        // The secret replaced goes on signing until its time is up.
        const { rows } = await client.query<EndpointRow>(
          `UPDATE webhook_endpoints SET previous_secret_sealed = secret_sealed,
            previous_secret_valid_until = $5, secret_sealed = $2, secret_masked = $3,
            updated_time = $4 WHERE id = $1 RETURNING ${record.ENDPOINT_COLUMNS}`,
          [id, secret_sealed, secret_masked, now, previousSecretUntil(now)],
        );
        const rotated = rows[0]!;
        if (audit) {
          await writeAudit(client, audit, webhookAudit('webhook.rotate', row, rotated, now), now);
        }
        return record.webhookOf(rotated, now, secret);
      }),

    sendTestEvent: (id, actor) =>
      transaction(async (client) => {
        if ((await client.query(LOCKED, [id])).rows.length === 0) return null;
        const now = clock();
        const event = await client.query<{ id: number }>(
          `INSERT INTO webhook_events (type, created_at, actor) VALUES ('webhook.test', $1, $2)
            RETURNING id`,
          [now, JSON.stringify(actor)],
        );
        const delivered = await client.query<{ id: number }>(DELIVER, [event.rows[0]!.id, id, now]);
        return deliveryById(client, delivered.rows[0]!.id, id);
      }),

    async deliveries(id, deliveryQuery) {
      if (!(await exists(id))) return null;
      // The deliveries and their attempts from one snapshot.
      return transaction(async (client) => {
        const { rows } = await client.query<DeliveryRow>(
          `SELECT ${record.DELIVERY_COLUMNS} FROM webhook_deliveries AS d
            JOIN webhook_events AS ev ON ev.id = d.event_id
            WHERE d.endpoint_id = $1 AND d.id < $2 ORDER BY d.id DESC LIMIT $3`,
          [id, deliveryQuery.before ?? Number.MAX_SAFE_INTEGER, deliveryQuery.size + 1],
        );
        const items = await withAttempts(client, rows.slice(0, deliveryQuery.size));
        return {
          items,
          next_before: rows.length > deliveryQuery.size ? items.at(-1)!.id : null,
        };
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },

    resendDelivery: (id, deliveryId) =>
      transaction(async (client) => {
        const { rows } = await client.query<DeliveryRow & { event_row: number }>(DELIVERY, [
          deliveryId,
          id,
        ]);
        const original = rows[0];
        if (!original) return null;
        const delivered = await client.query<{ id: number }>(DELIVER, [
          original.event_row,
          id,
          clock(),
        ]);
        return deliveryById(client, delivered.rows[0]!.id, id);
      }),

    tokenEvents: async (tokenId) =>
      (
        await query<EventRow>(
          `SELECT event_id, type, created_at FROM webhook_events WHERE token_id = $1
            ORDER BY id DESC LIMIT $2`,
          [tokenId, TOKEN_EVENTS_MAX],
        )
      ).rows.map(record.eventSummaryOf),
  };
}
