/** Migration 13: the models the gateway reaches, each with its upstream. */
export const MODELS = `
  -- The name is what clients send as "model", compared exactly; the list is ordered by it
  -- byte by byte (COLLATE "C"), as SQLite orders it. The upstream key is sealed as token keys
  -- are (NULL when none is set), and kept masked for lists.
  CREATE TABLE models (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    upstream_url TEXT NOT NULL,
    upstream_model TEXT NOT NULL,
    upstream_key_sealed BYTEA,
    upstream_key_masked TEXT NOT NULL DEFAULT '',
    input_price DOUBLE PRECISION NOT NULL CHECK (input_price >= 0),
    output_price DOUBLE PRECISION NOT NULL CHECK (output_price >= 0),
    cached_input_price DOUBLE PRECISION NOT NULL CHECK (cached_input_price >= 0),
    max_output_tokens INTEGER NOT NULL CHECK (max_output_tokens >= 1),
    stream_usage BOOLEAN NOT NULL,
    enabled BOOLEAN NOT NULL,
    created_time BIGINT NOT NULL,
    updated_time BIGINT NOT NULL
  );
`;

/** Migration 14: holds, the units a verify with a request_id takes until its report settles them. */
export const USAGE_HOLDS = `
  -- Written by the statement that charges the hold, deleted by the report that settles it. A
  -- hold an hour old stands as charged: the periodic write of any instance sweeps it, oldest
  -- first, by time.
  CREATE TABLE usage_holds (
    token_id BIGINT NOT NULL,
    request_id TEXT NOT NULL,
    held BIGINT NOT NULL,
    time BIGINT NOT NULL,
    model TEXT NOT NULL,
    PRIMARY KEY (token_id, request_id)
  );
  CREATE INDEX usage_holds_by_time ON usage_holds (time);
`;

/** Migration 15: the tokens of settled requests, summed beside count and quota. */
export const USAGE_TOKENS = ['usage_hours', 'usage_totals', 'usage_days', 'usage_total_days']
  .map(
    (table) => `
  ALTER TABLE ${table}
    ADD COLUMN prompt_tokens BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN completion_tokens BIGINT NOT NULL DEFAULT 0;`,
  )
  .join('');
