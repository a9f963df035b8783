/**
 * Admin keys with roles, and the audit, as on SQLite (sqlite/admin-schema.ts). before and after
 * are json, not jsonb: kept as written, with the fields in the contract's order.
 */
export const PG_ADMIN_KEYS_AND_AUDIT = `
  CREATE TABLE admin_keys (
    id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 1) PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'operator', 'viewer', 'gateway')),
    key_digest BYTEA NOT NULL UNIQUE,
    key_masked TEXT NOT NULL,
    created_time BIGINT NOT NULL,
    last_used_time BIGINT NOT NULL DEFAULT 0
  );

  CREATE TABLE audit (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    time BIGINT NOT NULL,
    actor_id BIGINT NOT NULL,
    actor_name TEXT NOT NULL,
    actor_role TEXT NOT NULL,
    ip TEXT NOT NULL,
    action TEXT NOT NULL,
    token_id BIGINT,
    before JSON,
    after JSON
  );
  CREATE INDEX audit_by_token ON audit (token_id, id) WHERE token_id IS NOT NULL;
  CREATE INDEX audit_by_actor ON audit (actor_id, id);
  CREATE INDEX audit_by_action ON audit (action, id);
`;
