import type { AdminIdentity } from '../../../src/contract/admin-key';
import type {
  Delivery,
  DeliveryPage,
  DeliveryQuery,
  EventSummary,
  Webhook,
  WebhookCreate,
  WebhookUpdate,
} from '../../../src/contract/webhook';
import type { DeliveryJob } from '../webhook-job';
import type { AttemptResult } from '../webhook-record';
import type { Audited } from './audit';

/**
 * The webhook endpoints, as the dashboard manages them, and what was sent to each. Secrets are
 * sealed at rest like token keys, whole only in the answers of create and rotate.
 */
export interface WebhookPort {
  /** Every endpoint, oldest first, secrets masked, each with its health. */
  webhooks(): Promise<Webhook[]>;
  /** The new endpoint with its whole secret. */
  createWebhook(input: WebhookCreate, audit?: Audited): Promise<Webhook>;
  /** Fields left out keep their values; null for an unknown id. */
  updateWebhook(patch: WebhookUpdate, audit?: Audited): Promise<Webhook | null>;
  removeWebhook(id: number, audit?: Audited): Promise<boolean>;
  /**
   * A new secret, whole in the answer; the one it replaces signs each attempt too for
   * WEBHOOK_SECRET_GRACE_SECONDS, and an older one no more. Null: no such endpoint.
   */
  rotateWebhookSecret(id: number, audit?: Audited): Promise<Webhook | null>;
  /** A webhook.test event delivered to this endpoint only, even switched off. */
  sendTestEvent(id: number, actor: AdminIdentity): Promise<Delivery | null>;
  /** The endpoint's deliveries, newest first, each with its attempts; null: no such endpoint. */
  deliveries(id: number, query: DeliveryQuery): Promise<DeliveryPage | null>;
  /** The delivery's event sent again (a new delivery, the same webhook-id); null: not found. */
  resendDelivery(id: number, deliveryId: number): Promise<Delivery | null>;
  /** A token's last events, newest first. */
  tokenEvents(tokenId: number): Promise<EventSummary[]>;
}

/** What the background deliverer asks of the store. */
export interface WebhookOutboxPort {
  /** Up to `limit` deliveries due at `now`, each claimed (leased) by this caller. */
  claimDeliveries(now: number, limit: number): Promise<DeliveryJob[]>;
  /**
   * Writes what the attempts came to, in one transaction: the attempts, each delivery's state and
   * next time (waits from `schedule`), each endpoint's health, and an endpoint switched off after
   * failing for 3 days, with its audit record.
   */
  recordAttempts(results: readonly AttemptResult[], schedule?: readonly number[]): Promise<void>;
  /**
   * The periodic look: refills that fell due (each its token.refilled), token.expired for expiries
   * passed since the last look, token.expiring for those now within AlertExpiringDays, each once
   * per token and expiry, events past their keeping deleted, and the secrets rotations replaced
   * forgotten once they sign no more. Tokens and events are read through indexes only.
   */
  lookForTimedEvents(now: number): Promise<void>;
}
