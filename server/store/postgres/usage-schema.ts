import { FILL_USAGE_DAYS } from '../usage-days-fill';
/** Migration 6: the usage figures, as sums per hour. */
export const USAGE_HOURS = `
  -- What gateways did with each token, as sums per hour (Unix seconds of its start, UTC), model
  -- ('' when none was given) and code: a verify's (VALID or why not), or USAGE for a usage
  -- report. count is how many, quota the units charged. token_id 0: verifies of unknown keys.
  CREATE TABLE usage_hours (
    token_id BIGINT NOT NULL,
    hour BIGINT NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    quota BIGINT NOT NULL,
    PRIMARY KEY (token_id, hour, model, code)
  );
  CREATE INDEX usage_hours_by_hour ON usage_hours (hour, token_id);

  -- The same sums over every token, so the whole gateway's figures read a row per hour and
  -- model rather than one per token.
  CREATE TABLE usage_totals (
    hour BIGINT NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    quota BIGINT NOT NULL,
    PRIMARY KEY (hour, model, code)
  );

  -- The request_id of each usage report, kept 24 hours, so a report sent again counts once.
  CREATE TABLE usage_requests (
    token_id BIGINT NOT NULL,
    request_id TEXT NOT NULL,
    time BIGINT NOT NULL,
    PRIMARY KEY (token_id, request_id)
  );
  CREATE INDEX usage_requests_by_time ON usage_requests (time);
  `;

/**
 * Migration 9: the figures again by the day (the day's Unix seconds at 00:00 UTC), so that a range
 * of months reads a row per day; and each token's day in one row, ranked by quota then requests for
 * the top tokens. Filled from the hourly sums.
 */
export const USAGE_DAYS = `
  CREATE TABLE usage_days (
    token_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    quota BIGINT NOT NULL,
    PRIMARY KEY (token_id, day, model, code)
  );
  CREATE TABLE usage_total_days (
    day BIGINT NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    quota BIGINT NOT NULL,
    PRIMARY KEY (day, model, code)
  );
  CREATE TABLE usage_token_days (
    token_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    requests BIGINT NOT NULL,
    quota BIGINT NOT NULL,
    PRIMARY KEY (token_id, day) INCLUDE (requests, quota)
  );
  CREATE INDEX usage_token_days_by_rank ON usage_token_days (day, quota DESC, requests DESC);
  ${FILL_USAGE_DAYS}
`;

/**
 * Migration 18: each day's ranking holds the token of each row, so that the top tokens' search
 * reads a day's busiest from the index alone (where vacuum has marked the pages all-visible)
 * instead of fetching a row of the table for each. SQLite's index holds it already: the table's
 * key is part of every index of a table without rowid.
 */
export const USAGE_RANKS_WITH_TOKENS = `
  DROP INDEX usage_token_days_by_rank;
  CREATE INDEX usage_token_days_by_rank ON usage_token_days (day, quota DESC, requests DESC)
    INCLUDE (token_id);
`;
