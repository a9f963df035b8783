import {
  WEBHOOK_SECRET_GRACE_SECONDS,
  type WebhookCreate,
  type WebhookUpdate,
} from '../../src/contract/webhook';
import type { AuditEntry } from './audit-entry';
import type { KeySeal } from './key-seal';
import {
  maskSecret,
  newWebhookSecret,
  webhookOf,
  webhookSubject,
  type EndpointFields,
  type EndpointRow,
} from './webhook-record';

/** A secret as the database keeps it: sealed with the store's secret, and masked. */
export function sealedSecret(seal: KeySeal): {
  secret: string;
  secret_sealed: Buffer;
  secret_masked: string;
} {
  const secret = newWebhookSecret();
  return { secret, secret_sealed: seal.seal(secret).sealed, secret_masked: maskSecret(secret) };
}

export function newEndpointFields(input: WebhookCreate, now: number): EndpointFields {
  return {
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    format: input.format,
    enabled: input.enabled,
    created_time: now,
    updated_time: now,
    failures_in_row: 0,
    failing_since: 0,
    switched_off_time: 0,
  };
}

/**
 * The endpoint with the patch's fields on top; null when nothing changes. Switching it on again
 * starts its failures afresh, so it is not switched off again at its next failure.
 */
export function patchedEndpoint(
  row: EndpointRow,
  patch: WebhookUpdate,
  now: number,
): (EndpointFields & { id: number }) | null {
  const next = {
    id: row.id,
    url: patch.url ?? row.url,
    description: patch.description ?? row.description,
    events: patch.events ? JSON.stringify(patch.events) : row.events,
    format: patch.format ?? row.format,
    enabled: patch.enabled ?? Boolean(row.enabled),
    created_time: row.created_time,
    updated_time: now,
    failures_in_row: row.failures_in_row,
    failing_since: row.failing_since,
    switched_off_time: row.switched_off_time,
  };
  const unchanged =
    next.url === row.url &&
    next.description === row.description &&
    next.events === row.events &&
    next.format === row.format &&
    next.enabled === Boolean(row.enabled);
  if (unchanged) return null;
  if (next.enabled && !row.enabled) {
    next.failures_in_row = 0;
    next.failing_since = 0;
    next.switched_off_time = 0;
  }
  return next;
}

/** The audit's record of an endpoint's change at `now`: secrets masked, health left out. */
export function webhookAudit(
  action: 'webhook.create' | 'webhook.update' | 'webhook.delete' | 'webhook.rotate',
  before: EndpointRow | null,
  after: EndpointRow | null,
  now: number,
): AuditEntry {
  return {
    action,
    token_id: null,
    before: webhookSubject(before && webhookOf(before, now)),
    after: webhookSubject(after && webhookOf(after, now)),
  };
}

/** Until when the secret a rotation at `now` replaces still signs. */
export const previousSecretUntil = (now: number) => now + WEBHOOK_SECRET_GRACE_SECONDS;
