/**
 * Fills the daily sums from the hourly ones, the same on both engines: the migration that adds
 * the daily tables runs it once. That migration comes before the tables had token counts, which
 * a later one adds, starting at 0 on every row of both: so this fill, shipped, stays as it was.
 */
export const FILL_USAGE_DAYS = `
  INSERT INTO usage_days (token_id, day, model, code, count, quota)
    SELECT token_id, hour / 86400 * 86400, model, code, sum(count), sum(quota)
    FROM usage_hours GROUP BY 1, 2, 3, 4;
  INSERT INTO usage_total_days (day, model, code, count, quota)
    SELECT hour / 86400 * 86400, model, code, sum(count), sum(quota)
    FROM usage_totals GROUP BY 1, 2, 3;
  INSERT INTO usage_token_days (token_id, day, requests, quota)
    SELECT token_id, hour / 86400 * 86400,
      sum(CASE WHEN code = 'VALID' THEN count ELSE 0 END), sum(quota)
    FROM usage_hours WHERE token_id <> 0 GROUP BY 1, 2;
`;
