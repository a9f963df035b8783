import { ALERT_LOW_QUOTA_PERCENT } from '../option-defaults';
import { CHANGE_ACTIONS, changeEventType } from '../change-events';
import { tokenJsonAt } from './token-json';

/** A token as JSON, made from its row in a trigger: its status as of the trigger's time. */
const TOKEN_NOW = tokenJsonAt('unixepoch()');

/**
 * The threshold of token.quota_low, times 100 (so the SQL stays in whole numbers): the option's
 * percent of the refill amount when the token refills, else of its quota when last set
 * (quota_set; when never edited, what it was created with: charges keep remain + used).
 */
const LOW_MARK = `(CASE WHEN NEW.quota_reset_period <> 'none' THEN NEW.quota_reset_amount
    ELSE coalesce(NEW.quota_set, NEW.remain_quota + NEW.used_quota) END)
  * coalesce((SELECT CAST(value AS INTEGER) FROM options WHERE key = 'AlertLowQuotaPercent'),
      ${ALERT_LOW_QUOTA_PERCENT})`;

const CROSSED_LOW = `(OLD.remain_quota * 100 >= ${LOW_MARK} AND NEW.remain_quota * 100 < ${LOW_MARK})`;
const CROSSED_ZERO = '(OLD.remain_quota > 0 AND NEW.remain_quota = 0)';

/**
 * Migration 15: a rotation keeps the secret it replaces, sealed as the current one is, and until
 * when it signs each attempt too (0: no such secret). The periodic look forgets it then.
 */
export const WEBHOOK_PREVIOUS_SECRETS = `
  ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_sealed BLOB;
  ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_valid_until INTEGER NOT NULL DEFAULT 0;
`;

/**
 * Migration 14: webhooks (../webhook-record.ts tells the whole story). Events are written by
 * triggers in the transaction of what causes them, and each gets its deliveries there too.
 */
export const WEBHOOKS = `
  -- The quota as an edit last set it; NULL: as created. token.quota_low is measured against it.
  ALTER TABLE tokens ADD COLUMN quota_set INTEGER;
  -- The alerts sent since the quota was last set or refilled: 1 token.quota_low, 2 token.exhausted.
  -- A hold's unused units coming back do not send them again; a top-up or a refill does.
  ALTER TABLE tokens ADD COLUMN quota_alerts INTEGER NOT NULL DEFAULT 0;

  CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    description TEXT NOT NULL,
    -- JSON: the event types subscribed to, or ["*"].
    events TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('standard', 'slack')),
    enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    -- Sealed as token keys are; masked for lists.
    secret_sealed BLOB NOT NULL,
    secret_masked TEXT NOT NULL,
    created_time INTEGER NOT NULL,
    updated_time INTEGER NOT NULL,
    last_attempt_time INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    last_error TEXT,
    failures_in_row INTEGER NOT NULL DEFAULT 0,
    failing_since INTEGER NOT NULL DEFAULT 0,
    switched_off_time INTEGER NOT NULL DEFAULT 0
  );

  -- The outbox. token, previous and actor are JSON text; once_key makes a time-driven event
  -- once per token and expiry.
  CREATE TABLE webhook_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL UNIQUE DEFAULT ('evt_' || lower(hex(randomblob(16)))),
    type TEXT NOT NULL,
    token_id INTEGER,
    created_at INTEGER NOT NULL,
    token TEXT,
    previous TEXT,
    actor TEXT,
    once_key TEXT UNIQUE
  );
  CREATE INDEX webhook_events_by_token ON webhook_events (token_id, id) WHERE token_id IS NOT NULL;
  CREATE INDEX webhook_events_by_time ON webhook_events (created_at);

  -- One per event and endpoint; manual: a test event or a resend, sent even while the endpoint
  -- is switched off.
  CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    manual INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_time INTEGER,
    created_time INTEGER NOT NULL
  );
  -- Holds only what is still to send, so the deliverer's look reads nothing else.
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_time)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, id);
  CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

  CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    time INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    answer TEXT NOT NULL
  );
  CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);

  -- How far the periodic look has gone: expiries up to expired_through have had token.expired,
  -- up to expiring_through token.expiring. 0: it has not looked yet.
  CREATE TABLE webhook_look (
    only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
    expiring_through INTEGER NOT NULL,
    expired_through INTEGER NOT NULL
  );
  INSERT INTO webhook_look (only_row, expiring_through, expired_through) VALUES (1, 0, 0);

  -- Every change of a token the audit records is an event; one that sets an expiry the look has
  -- passed already is token.expiring at once.
  CREATE TRIGGER audit_token_events AFTER INSERT ON audit
  WHEN NEW.action IN (${CHANGE_ACTIONS})
  BEGIN
    INSERT INTO webhook_events (type, token_id, created_at, token, previous, actor)
    VALUES (${changeEventType('NEW.action')}, NEW.token_id, NEW.time,
      coalesce(NEW.after, NEW.before),
      CASE WHEN NEW.action = 'token.update' THEN NEW.before END,
      json_object('id', NEW.actor_id, 'name', NEW.actor_name, 'role', NEW.actor_role));
    INSERT OR IGNORE INTO webhook_events (type, token_id, created_at, token, once_key)
    SELECT 'token.expiring', NEW.token_id, NEW.time, NEW.after,
      'token.expiring:' || NEW.token_id || ':' || json_extract(NEW.after, '$.expired_time')
    FROM webhook_look
    WHERE NEW.action IN ('token.create', 'token.update')
      AND json_extract(NEW.after, '$.expired_time') > NEW.time
      AND json_extract(NEW.after, '$.expired_time') <= expiring_through;
  END;

  -- A charge, whatever path made it, that takes a limited token below the threshold or to 0,
  -- each alert once until the quota is set or refilled again.
  CREATE TRIGGER tokens_quota_events AFTER UPDATE OF remain_quota ON tokens
  WHEN NEW.unlimited_quota = 0 AND NEW.remain_quota < OLD.remain_quota
  BEGIN
    INSERT INTO webhook_events (type, token_id, created_at, token)
    SELECT crossed.type, NEW.id, unixepoch(), (SELECT ${TOKEN_NOW} FROM tokens WHERE id = NEW.id)
    FROM (SELECT 'token.quota_low' AS type, ${LOW_MARK} AS mark, 1 AS bit
      UNION ALL SELECT 'token.exhausted', 100, 2) AS crossed
    WHERE OLD.remain_quota * 100 >= crossed.mark AND NEW.remain_quota * 100 < crossed.mark
      AND (NEW.quota_alerts & crossed.bit) = 0;
    UPDATE tokens SET quota_alerts = quota_alerts
        | (CASE WHEN ${CROSSED_LOW} THEN 1 ELSE 0 END) | (CASE WHEN ${CROSSED_ZERO} THEN 2 ELSE 0 END)
      WHERE id = NEW.id AND (${CROSSED_LOW} OR ${CROSSED_ZERO});
  END;

  -- A refill moves the next reset on without changing the period; an edit never does that.
  CREATE TRIGGER tokens_refill_events AFTER UPDATE OF next_reset_time ON tokens
  WHEN OLD.next_reset_time >= 0 AND NEW.next_reset_time > OLD.next_reset_time
    AND NEW.quota_reset_period = OLD.quota_reset_period
  BEGIN
    INSERT INTO webhook_events (type, token_id, created_at, token)
    SELECT 'token.refilled', NEW.id, unixepoch(), ${TOKEN_NOW} FROM tokens WHERE id = NEW.id;
  END;

  -- Each event a delivery per endpoint switched on and subscribed; a test event goes only to the
  -- endpoint asked, which its route writes.
  CREATE TRIGGER webhook_event_deliveries AFTER INSERT ON webhook_events
  WHEN NEW.type <> 'webhook.test'
  BEGIN
    INSERT INTO webhook_deliveries (event_id, endpoint_id, state, next_attempt_time, created_time)
    SELECT NEW.id, e.id, 'pending', NEW.created_at, NEW.created_at FROM webhook_endpoints AS e
    WHERE e.enabled = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value IN ('*', NEW.type));
  END;
`;
