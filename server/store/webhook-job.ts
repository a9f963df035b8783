/** The deliverer's side of a delivery: the row both engines claim, and the job it is sent from. */
import type { WebhookEvent, WebhookFormat } from '../../src/contract/webhook';
import { eventOf, type EventRow } from './webhook-record';

/** A delivery claimed for sending: where, how, and what. */
export interface DeliveryJob {
  delivery_id: number;
  endpoint_id: number;
  url: string;
  format: WebhookFormat;
  /** The signing secret, opened. */
  secret: string;
  /** The secret the last rotation replaced, opened, and until when it signs too; null: none. */
  previous: { secret: string; valid_until: number } | null;
  attempts: number;
  created_time: number;
  event: WebhookEvent;
}

/** A claimed row as both engines select it. */
export type JobRow = EventRow & {
  delivery_id: number;
  endpoint_id: number;
  url: string;
  format: WebhookFormat;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_secret_valid_until: number;
  attempts: number;
  created_time: number;
};

export const JOB_COLUMNS = `d.id AS delivery_id, d.endpoint_id, e.url, e.format, e.secret_sealed,
  e.previous_secret_sealed, e.previous_secret_valid_until, d.attempts, d.created_time,
  ev.event_id, ev.type, ev.created_at, ev.token, ev.previous, ev.actor`;

export function jobOf(row: JobRow, open: (sealed: Buffer) => string): DeliveryJob {
  return {
    delivery_id: Number(row.delivery_id),
    endpoint_id: Number(row.endpoint_id),
    url: row.url,
    format: row.format,
    secret: open(row.secret_sealed),
    previous:
      row.previous_secret_sealed === null
        ? null
        : {
            secret: open(row.previous_secret_sealed),
            valid_until: Number(row.previous_secret_valid_until),
          },
    attempts: Number(row.attempts),
    created_time: Number(row.created_time),
    event: eventOf(row),
  };
}
