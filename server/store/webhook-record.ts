/**
 * Webhooks as both engines keep them.
 *
 * An event is a row of webhook_events written in the transaction of what causes it, by the
 * database itself (each engine's webhook-schema.ts): a trigger on the audit makes the events of
 * changes (created, updated, deleted, rotated, revealed), triggers on the tokens those of charges
 * and refills, whatever path wrote them (verify, usage report, the gateway's settlement, an
 * edit), and another trigger adds a delivery per endpoint subscribed. The periodic look
 * (timedEvents) adds expiring and expired. Nothing is lost with a crash: the change and its
 * event and deliveries are one commit.
 *
 * A delivery is claimed for LEASE_SECONDS by one instance (on PostgreSQL FOR UPDATE SKIP
 * LOCKED), tried, and its attempt recorded: delivered on a 2xx, otherwise tried again after the
 * next wait of the schedule while RETRY_WINDOW_SECONDS have not passed since it was made. A killed
 * instance's claims are taken by any instance once their lease ends.
 */
import { SERVICE_IDENTITY } from '../../src/contract/admin-key';
import type { Token } from '../../src/contract/token';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryState,
  EventSummary,
  Webhook,
  WebhookEvent,
  WebhookEventType,
  WebhookFormat,
  WebhookHealth,
  WebhookSubscription,
} from '../../src/contract/webhook';
import type { AuditEntry } from './audit-entry';
import { pooledRandomBytes } from '../random-bytes';

/** Waits after each failed attempt: about 5 s, 30 s, 2 min, 10 min, 1 h, then every 6 h. */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 30, 120, 600, 3600, 21_600];
/** A delivery is tried for this long; an endpoint failing this long is switched off. */
export const RETRY_WINDOW_SECONDS = 3 * 86_400;
/** A claim's hold on a delivery: past it, another instance may take it. */
export const LEASE_SECONDS = 60;
/** Events (with their deliveries and attempts) are kept this long. */
export const EVENT_RETENTION_SECONDS = 30 * 86_400;
/** Old events deleted by one look, oldest first. */
export const PRUNE_BATCH = 1_000;

/**
 * When a delivery made at `createdTime` is tried again after its `attempts`-th failure at `now`;
 * null when its window is over (it has failed).
 */
export function nextAttemptTime(
  attempts: number,
  createdTime: number,
  now: number,
  schedule: readonly number[] = RETRY_SCHEDULE_SECONDS,
): number | null {
  const wait = schedule[Math.min(attempts, schedule.length) - 1] ?? 0;
  const next = now + wait;
  return next - createdTime > RETRY_WINDOW_SECONDS ? null : next;
}

const SECRET_BYTES = 24;

/** A signing secret as Standard Webhooks writes it: whsec_ and base64 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${pooledRandomBytes(SECRET_BYTES).toString('base64')}`;
}

export const maskSecret = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** An endpoint as both engines store it; booleans are 0 or 1 on SQLite. */
export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  /** JSON text: the subscriptions. */
  events: string;
  format: WebhookFormat;
  enabled: boolean | number;
  secret_masked: string;
  created_time: number;
  updated_time: number;
  last_attempt_time: number;
  last_status_code: number | null;
  last_error: string | null;
  failures_in_row: number;
  failing_since: number;
  switched_off_time: number;
  /** Until when the secret replaced by the last rotation signs too; 0 when none does. */
  previous_secret_valid_until: number;
}

/** The columns a create or an edit writes, in the order statements list them. */
export const ENDPOINT_FIELDS = [
  'url',
  'description',
  'events',
  'format',
  'enabled',
  'created_time',
  'updated_time',
  'failures_in_row',
  'failing_since',
  'switched_off_time',
] as const satisfies ReadonlyArray<keyof EndpointRow>;

export type EndpointFields = Pick<EndpointRow, (typeof ENDPOINT_FIELDS)[number]>;

export const ENDPOINT_COLUMNS =
  'id, url, description, events, format, enabled, secret_masked, created_time, updated_time, last_attempt_time, last_status_code, last_error, failures_in_row, failing_since, switched_off_time, previous_secret_valid_until';

/** An endpoint's health as both engines' UPDATE sets it, in the order of its columns there. */
export const healthValues = (health: WebhookHealth) =>
  [
    health.last_attempt_time,
    health.last_status_code,
    health.last_error,
    health.failures_in_row,
    health.failing_since,
    health.switched_off_time,
  ] as const;

export function healthOf(row: EndpointRow): WebhookHealth {
  return {
    last_attempt_time: Number(row.last_attempt_time),
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    last_error: row.last_error,
    failures_in_row: Number(row.failures_in_row),
    failing_since: Number(row.failing_since),
    switched_off_time: Number(row.switched_off_time),
  };
}

/**
 * The endpoint as answered at `now`; `secret` whole only from create and rotate. The previous
 * secret is never answered, only until when it still signs.
 */
export function webhookOf(row: EndpointRow, now: number, secret?: string): Webhook {
  const previousUntil = Number(row.previous_secret_valid_until);
  return {
    id: Number(row.id),
    url: row.url,
    events: JSON.parse(row.events) as WebhookSubscription[],
    description: row.description,
    format: row.format,
    enabled: Boolean(row.enabled),
    secret: secret ?? row.secret_masked,
    previous_secret_valid_until: previousUntil > now ? previousUntil : null,
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
    health: healthOf(row),
  };
}

/** The audit's record of an endpoint: without its health, which changes with every attempt. */
export function webhookSubject(webhook: Webhook | null): Record<string, unknown> | null {
  if (!webhook) return null;
  const { health: _health, ...subject } = webhook;
  return subject;
}

/** An event as stored: token, previous and actor as JSON text. */
export interface EventRow {
  event_id: string;
  type: WebhookEventType;
  created_at: number;
  token: string | null;
  previous: string | null;
  actor: string | null;
}

/** The event as receivers get it (format standard). */
export function eventOf(row: EventRow): WebhookEvent {
  const data: WebhookEvent['data'] = {};
  if (row.token !== null) data.token = JSON.parse(row.token) as Token;
  if (row.previous !== null) data.previous = JSON.parse(row.previous) as Token;
  if (row.actor !== null) data.actor = JSON.parse(row.actor) as WebhookEvent['data']['actor'];
  return { id: row.event_id, type: row.type, created_at: Number(row.created_at), data };
}

export const eventSummaryOf = (
  row: Pick<EventRow, 'event_id' | 'type' | 'created_at'>,
): EventSummary => ({
  id: row.event_id,
  type: row.type,
  created_at: Number(row.created_at),
});

/** What one attempt came to. */
export interface AttemptResult {
  delivery_id: number;
  endpoint_id: number;
  time: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  answer: string;
}

export const succeeded = (result: AttemptResult) =>
  result.status_code !== null && result.status_code >= 200 && result.status_code < 300;

/** A delivery's state after an attempt, with when it is tried next. */
export function afterAttempt(
  result: AttemptResult,
  attempts: number,
  createdTime: number,
  schedule?: readonly number[],
): { state: DeliveryState; next_attempt_time: number | null } {
  if (succeeded(result)) return { state: 'delivered', next_attempt_time: null };
  const next = nextAttemptTime(attempts, createdTime, result.time, schedule);
  return next === null
    ? { state: 'failed', next_attempt_time: null }
    : { state: 'pending', next_attempt_time: next };
}

/**
 * An endpoint's health after its attempts, in time order, and whether they switch it off: it
 * has failed for RETRY_WINDOW_SECONDS without a success.
 */
export function healthAfter(
  health: WebhookHealth,
  enabled: boolean,
  results: readonly AttemptResult[],
): { health: WebhookHealth; switchOff: boolean } {
  let next = { ...health };
  for (const result of results) {
    const ok = succeeded(result);
    next = {
      ...next,
      last_attempt_time: result.time,
      last_status_code: result.status_code,
      last_error: result.error,
      failures_in_row: ok ? 0 : next.failures_in_row + 1,
      failing_since: ok ? 0 : next.failing_since || result.time,
    };
  }
  const switchOff =
    enabled &&
    next.failing_since > 0 &&
    next.last_attempt_time - next.failing_since >= RETRY_WINDOW_SECONDS;
  if (switchOff) next.switched_off_time = next.last_attempt_time;
  return { health: next, switchOff };
}

/** The audit's record of an endpoint switched off by the service. */
export function switchOffEntry(before: Webhook): AuditEntry {
  return {
    action: 'webhook.switch_off',
    token_id: null,
    before: webhookSubject(before),
    after: webhookSubject({ ...before, enabled: false }),
  };
}

export const SWITCH_OFF_CONTEXT = { actor: SERVICE_IDENTITY, ip: '' };

/** A delivery and its attempts as both engines read them for the log. */
export type DeliveryRow = Pick<EventRow, 'event_id' | 'type' | 'created_at'> & {
  id: number;
  state: DeliveryState;
  created_time: number;
  next_attempt_time: number | null;
};

export type AttemptRow = DeliveryAttempt & { delivery_id: number };

export function deliveryOf(row: DeliveryRow, attempts: readonly AttemptRow[]): Delivery {
  return {
    id: Number(row.id),
    event: eventSummaryOf(row),
    state: row.state,
    created_time: Number(row.created_time),
    next_attempt_time:
      row.state === 'pending' && row.next_attempt_time !== null
        ? Number(row.next_attempt_time)
        : null,
    attempts: attempts
      .filter((attempt) => Number(attempt.delivery_id) === Number(row.id))
      .map((attempt) => ({
        time: Number(attempt.time),
        status_code: attempt.status_code === null ? null : Number(attempt.status_code),
        error: attempt.error,
        duration_ms: Number(attempt.duration_ms),
        answer: attempt.answer,
      })),
  };
}

export const DELIVERY_COLUMNS = `d.id, d.state, d.created_time, d.next_attempt_time,
  ev.event_id, ev.type, ev.created_at`;

export const ATTEMPT_COLUMNS = 'delivery_id, time, status_code, error, duration_ms, answer';
