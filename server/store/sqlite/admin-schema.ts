/**
 * Admin keys with roles, and the audit. A key is kept as its SHA-256 digest and masked form
 * only. The audit is read newest first, overall or by token, actor or action. Ids are handed out
 * in the order records are written, so the id is the time order: an index of the ids serves the
 * whole audit, and one (filter, id) index each of the filters.
 */
export const ADMIN_KEYS_AND_AUDIT = `
  -- AUTOINCREMENT: a revoked key's id is never handed out again; ADMIN_KEY is id 0, not a row.
  CREATE TABLE admin_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'operator', 'viewer', 'gateway')),
    key_digest BLOB NOT NULL UNIQUE,
    key_masked TEXT NOT NULL,
    created_time INTEGER NOT NULL,
    last_used_time INTEGER NOT NULL DEFAULT 0
  );

  -- The actor is copied into each record, so a record still names a key after it is revoked.
  -- before and after are JSON text, null for a create and a delete respectively.
  CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time INTEGER NOT NULL,
    actor_id INTEGER NOT NULL,
    actor_name TEXT NOT NULL,
    actor_role TEXT NOT NULL,
    ip TEXT NOT NULL,
    action TEXT NOT NULL,
    token_id INTEGER,
    before TEXT,
    after TEXT
  );
  -- The ids alone: a deep page skips its offset here rather than through the records' pages.
  CREATE INDEX audit_by_id ON audit (id);
  CREATE INDEX audit_by_token ON audit (token_id, id) WHERE token_id IS NOT NULL;
  CREATE INDEX audit_by_actor ON audit (actor_id, id);
  CREATE INDEX audit_by_action ON audit (action, id);
`;
