/**
 * For tests that open a database of an earlier version: what the webhooks' migration made,
 * undone, on each engine (sqlite/webhook-schema.ts, postgres/webhook-schema.ts).
 */
export const SQLITE_WEBHOOKS_UNDONE = [
  'DROP TRIGGER IF EXISTS audit_token_events',
  'DROP TRIGGER tokens_quota_events',
  'DROP TRIGGER tokens_refill_events',
  'DROP TABLE webhook_attempts',
  'DROP TABLE webhook_deliveries',
  'DROP TABLE webhook_events',
  'DROP TABLE webhook_endpoints',
  'DROP TABLE webhook_look',
  'ALTER TABLE tokens DROP COLUMN quota_set',
  'ALTER TABLE tokens DROP COLUMN quota_alerts',
].join('; ');

export const POSTGRES_WEBHOOKS_UNDONE = `
  DROP TABLE webhook_attempts, webhook_deliveries, webhook_events, webhook_endpoints, webhook_look;
  DROP FUNCTION IF EXISTS audit_token_events, tokens_quota_events, tokens_refill_events,
    webhook_event_deliveries CASCADE;
  ALTER TABLE tokens DROP COLUMN quota_set, DROP COLUMN quota_alerts`;
