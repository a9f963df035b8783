import { ALERT_LOW_QUOTA_PERCENT } from '../option-defaults';
import { CHANGE_ACTIONS, changeEventType } from '../change-events';
import { tokenJson } from './sql';

/** The trigger's clock: the transaction's start, in Unix seconds. */
const NOW = 'extract(epoch FROM now())::bigint';

/** The token of the trigger's row as JSON text, its status as of the transaction's start. */
const TOKEN_NOW = `(SELECT ${tokenJson(NOW)} FROM tokens WHERE id = NEW.id)`;

/**
 * The threshold of token.quota_low, times 100: the option's percent of the refill amount when
 * the token refills, else of its quota when last set (quota_set; when never edited, what it was
 * created with: charges keep remain + used).
 */
const LOW_MARK = `(CASE WHEN NEW.quota_reset_period <> 'none' THEN NEW.quota_reset_amount
    ELSE coalesce(NEW.quota_set, NEW.remain_quota + NEW.used_quota) END)
  * coalesce((SELECT value::bigint FROM options WHERE key = 'AlertLowQuotaPercent'),
      ${ALERT_LOW_QUOTA_PERCENT})`;

/**
 * The audit's trigger function that makes each change of a token an event, and token.expiring at
 * once for an expiry the periodic look has passed already. `onlyWhenExpiring`: the look-up of
 * that is made only for an expiry still ahead, not for every change (migration 20).
 */
const auditTokenEvents = (
  verb: 'CREATE FUNCTION' | 'CREATE OR REPLACE FUNCTION',
  onlyWhenExpiring: boolean,
) => {
  const expiring = `INSERT INTO webhook_events (type, token_id, created_at, token, once_key)
      SELECT 'token.expiring', NEW.token_id, NEW.time, NEW.after::text,
        'token.expiring:' || NEW.token_id || ':' || (NEW.after ->> 'expired_time')
      FROM webhook_look
      WHERE (NEW.after ->> 'expired_time')::bigint > NEW.time
        AND (NEW.after ->> 'expired_time')::bigint <= expiring_through
      ON CONFLICT (once_key) DO NOTHING;`;
  const when = onlyWhenExpiring
    ? `NEW.action IN ('token.create', 'token.update')
      AND (NEW.after ->> 'expired_time')::bigint > NEW.time`
    : `NEW.action IN ('token.create', 'token.update')`;
  return `${verb} audit_token_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('tokendesk.loading', true) = 'on' THEN RETURN NULL; END IF;
    INSERT INTO webhook_events (type, token_id, created_at, token, previous, actor)
    VALUES (${changeEventType('NEW.action')}, NEW.token_id, NEW.time,
      coalesce(NEW.after, NEW.before)::text,
      CASE WHEN NEW.action = 'token.update' THEN NEW.before::text END,
      json_build_object('id', NEW.actor_id, 'name', NEW.actor_name, 'role', NEW.actor_role)::text);
    IF ${when} THEN
      ${expiring}
    END IF;
    RETURN NULL;
  END $$;`;
};

/**
 * Migration 20: a change of a token that never expires, or whose expiry is past, no longer looks
 * for a token.expiring to write. That look cost a PostgreSQL create about a tenth of its time
 * (creates a second in-process, 32 at once: 2,660 with it, 2,910 without).
 */
export const EVENTS_ONLY_WHEN_EXPIRING = `
  ${auditTokenEvents('CREATE OR REPLACE FUNCTION', true)}
`;

/**
 * The migration after the webhooks': a rotation keeps the secret it replaces, sealed as the
 * current one is, and until when it signs each attempt too (0: no such secret). The periodic look
 * forgets it then.
 */
export const WEBHOOK_PREVIOUS_SECRETS = `
  ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_sealed BYTEA,
    ADD COLUMN previous_secret_valid_until BIGINT NOT NULL DEFAULT 0;
`;

/**
 * Migration 17: webhooks (../webhook-record.ts tells the whole story). Events are written by
 * triggers in the transaction of what causes them, and each gets its deliveries there too.
 */
export const WEBHOOKS = `
  -- The quota as an edit last set it; NULL: as created. token.quota_low is measured against it.
  ALTER TABLE tokens ADD COLUMN quota_set BIGINT;
  -- The alerts sent since the quota was last set or refilled: 1 token.quota_low, 2 token.exhausted.
  -- A hold's unused units coming back do not send them again; a top-up or a refill does.
  ALTER TABLE tokens ADD COLUMN quota_alerts SMALLINT NOT NULL DEFAULT 0;

  CREATE TABLE webhook_endpoints (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url TEXT NOT NULL,
    description TEXT NOT NULL,
    -- JSON: the event types subscribed to, or ["*"].
    events TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('standard', 'slack')),
    enabled BOOLEAN NOT NULL,
    -- Sealed as token keys are; masked for lists.
    secret_sealed BYTEA NOT NULL,
    secret_masked TEXT NOT NULL,
    created_time BIGINT NOT NULL,
    updated_time BIGINT NOT NULL,
    last_attempt_time BIGINT NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    last_error TEXT,
    failures_in_row INTEGER NOT NULL DEFAULT 0,
    failing_since BIGINT NOT NULL DEFAULT 0,
    switched_off_time BIGINT NOT NULL DEFAULT 0
  );

  -- The outbox. token, previous and actor are JSON text; once_key makes a time-driven event
  -- once per token and expiry, however many instances look.
  CREATE TABLE webhook_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE DEFAULT ('evt_' || replace(gen_random_uuid()::text, '-', '')),
    type TEXT NOT NULL,
    token_id BIGINT,
    created_at BIGINT NOT NULL,
    token TEXT,
    previous TEXT,
    actor TEXT,
    once_key TEXT UNIQUE
  );
  CREATE INDEX webhook_events_by_token ON webhook_events (token_id, id) WHERE token_id IS NOT NULL;
  CREATE INDEX webhook_events_by_time ON webhook_events (created_at);

  -- One per event and endpoint; manual: a test event or a resend, sent even while the endpoint
  -- is switched off. lease_until: claimed by an instance until then.
  CREATE TABLE webhook_deliveries (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    manual BOOLEAN NOT NULL DEFAULT false,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_time BIGINT,
    lease_until BIGINT NOT NULL DEFAULT 0,
    created_time BIGINT NOT NULL
  );
  -- Holds only what is still to send, so a claim reads nothing else.
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_time)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, id);
  CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

  CREATE TABLE webhook_attempts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    time BIGINT NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    answer TEXT NOT NULL
  );
  CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);

  -- How far the periodic look has gone: expiries up to expired_through have had token.expired,
  -- up to expiring_through token.expiring. 0: no instance has looked yet.
  CREATE TABLE webhook_look (
    only_row SMALLINT PRIMARY KEY CHECK (only_row = 1),
    expiring_through BIGINT NOT NULL,
    expired_through BIGINT NOT NULL
  );
  INSERT INTO webhook_look (only_row, expiring_through, expired_through) VALUES (1, 0, 0);

  -- Every change of a token the audit records is an event; one that sets an expiry the look has
  -- passed already is token.expiring at once. A load of past records (tokendesk.loading) is not.
  ${auditTokenEvents('CREATE FUNCTION', false)}
  CREATE TRIGGER audit_token_events AFTER INSERT ON audit
    FOR EACH ROW WHEN (NEW.action IN (${CHANGE_ACTIONS})) EXECUTE FUNCTION audit_token_events();

  -- A charge, whatever path made it, that takes a limited token below the threshold or to 0,
  -- each alert once until the quota is set or refilled again.
  CREATE FUNCTION tokens_quota_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    mark BIGINT := ${LOW_MARK};
    crossed SMALLINT := (CASE WHEN OLD.remain_quota * 100 >= mark AND NEW.remain_quota * 100 < mark
        THEN 1 ELSE 0 END)
      | (CASE WHEN OLD.remain_quota > 0 AND NEW.remain_quota = 0 THEN 2 ELSE 0 END);
  BEGIN
    IF crossed = 0 THEN RETURN NULL; END IF;
    INSERT INTO webhook_events (type, token_id, created_at, token)
    SELECT alert.type, NEW.id, ${NOW}, ${TOKEN_NOW}
    FROM (VALUES ('token.quota_low', 1), ('token.exhausted', 2)) AS alert (type, bit)
    WHERE (crossed & alert.bit) <> 0 AND (NEW.quota_alerts & alert.bit) = 0
    ORDER BY alert.bit;
    UPDATE tokens SET quota_alerts = quota_alerts | crossed WHERE id = NEW.id;
    RETURN NULL;
  END $$;
  CREATE TRIGGER tokens_quota_events AFTER UPDATE OF remain_quota ON tokens
    FOR EACH ROW WHEN (NOT NEW.unlimited_quota AND NEW.remain_quota < OLD.remain_quota)
    EXECUTE FUNCTION tokens_quota_events();

  -- A refill moves the next reset on without changing the period; an edit never does that.
  CREATE FUNCTION tokens_refill_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO webhook_events (type, token_id, created_at, token)
    VALUES ('token.refilled', NEW.id, ${NOW}, ${TOKEN_NOW});
    RETURN NULL;
  END $$;
  CREATE TRIGGER tokens_refill_events AFTER UPDATE OF next_reset_time ON tokens
    FOR EACH ROW WHEN (OLD.next_reset_time >= 0 AND NEW.next_reset_time > OLD.next_reset_time
      AND NEW.quota_reset_period = OLD.quota_reset_period)
    EXECUTE FUNCTION tokens_refill_events();

  -- Each event a delivery per endpoint switched on and subscribed; a test event goes only to the
  -- endpoint asked, which its route writes. Events copied by a move bring their own.
  CREATE FUNCTION webhook_event_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('tokendesk.loading', true) = 'on' THEN RETURN NULL; END IF;
    INSERT INTO webhook_deliveries (event_id, endpoint_id, state, next_attempt_time, created_time)
    SELECT NEW.id, e.id, 'pending', NEW.created_at, NEW.created_at FROM webhook_endpoints AS e
    WHERE e.enabled AND e.events::jsonb ?| ARRAY['*', NEW.type];
    RETURN NULL;
  END $$;
  CREATE TRIGGER webhook_event_deliveries AFTER INSERT ON webhook_events
    FOR EACH ROW WHEN (NEW.type <> 'webhook.test') EXECUTE FUNCTION webhook_event_deliveries();
`;
