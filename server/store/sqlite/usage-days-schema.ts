import { FILL_USAGE_DAYS } from '../usage-days-fill';

/**
 * The migration that adds the daily usage sums, filled from the hourly figures already kept
 * (../usage-days-fill.ts).
 */
export const USAGE_DAYS = `
  -- The figures again by the day (the day's Unix seconds at 00:00 UTC), so that a range of months
  -- reads a row per day; and each token's day in one row, ranked by quota then requests for the top tokens.
  CREATE TABLE usage_days (
    token_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    quota INTEGER NOT NULL,
    PRIMARY KEY (token_id, day, model, code)
  ) WITHOUT ROWID;
  CREATE TABLE usage_total_days (
    day INTEGER NOT NULL,
    model TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    quota INTEGER NOT NULL,
    PRIMARY KEY (day, model, code)
  ) WITHOUT ROWID;
  CREATE TABLE usage_token_days (
    token_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    requests INTEGER NOT NULL,
    quota INTEGER NOT NULL,
    PRIMARY KEY (token_id, day)
  ) WITHOUT ROWID;
  CREATE INDEX usage_token_days_by_rank ON usage_token_days (day, quota DESC, requests DESC);
  ${FILL_USAGE_DAYS}
  `;
