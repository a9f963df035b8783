/** Migration 11: the models the gateway reaches, each with its upstream. */
export const MODELS = `
  -- The name is what clients send as "model", compared exactly (BINARY); the unique index also
  -- serves the lookup and the list's order. The upstream key is sealed as token keys are (NULL
  -- when none is set), and kept masked for lists.
  CREATE TABLE models (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    upstream_url TEXT NOT NULL,
    upstream_model TEXT NOT NULL,
    upstream_key_sealed BLOB,
    upstream_key_masked TEXT NOT NULL DEFAULT '',
    input_price REAL NOT NULL CHECK (input_price >= 0),
    output_price REAL NOT NULL CHECK (output_price >= 0),
    cached_input_price REAL NOT NULL CHECK (cached_input_price >= 0),
    max_output_tokens INTEGER NOT NULL CHECK (max_output_tokens >= 1),
    stream_usage INTEGER NOT NULL CHECK (stream_usage IN (0, 1)),
    enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    created_time INTEGER NOT NULL,
    updated_time INTEGER NOT NULL
  );
`;

/** Migration 12: holds, the units a verify with a request_id takes until its report settles them. */
export const USAGE_HOLDS = `
  -- Written in the step that charges the hold, deleted by the report that settles it. A hold an
  -- hour old stands as charged: the periodic write sweeps it, oldest first, by time.
  CREATE TABLE usage_holds (
    token_id INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    held INTEGER NOT NULL,
    time INTEGER NOT NULL,
    model TEXT NOT NULL,
    PRIMARY KEY (token_id, request_id)
  ) WITHOUT ROWID;
  CREATE INDEX usage_holds_by_time ON usage_holds (time);
`;

/** Migration 13: the tokens of settled requests, summed beside count and quota. */
export const USAGE_TOKENS = ['usage_hours', 'usage_totals', 'usage_days', 'usage_total_days']
  .map(
    (table) => `
  ALTER TABLE ${table} ADD COLUMN prompt_tokens INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE ${table} ADD COLUMN completion_tokens INTEGER NOT NULL DEFAULT 0;`,
  )
  .join('');
