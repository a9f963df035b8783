import { USAGE_BUCKETS, type UsageFigures, type UsageRange } from '../../src/contract/usage';
import { REPORTED } from './usage-meter';

/** Sums of usage_hours (or usage_totals) per bucket, model and code, as both engines read them. */
export interface FigureRow {
  bucket: number;
  model: string;
  code: string;
  count: number;
  quota: number;
}

export type TopToken = NonNullable<UsageFigures['top_tokens']>[number];

export const TOP_TOKENS = 10;

/** The GROUP BY of a range's sums; `size` is the bucket in seconds, `table` usage_hours or usage_totals. */
export function figureRowsSql(table: string, size: number, where: string): string {
  return `SELECT (hour / ${size}) * ${size} AS bucket, model, code,
      sum(count) AS count, sum(quota) AS quota
    FROM ${table} WHERE ${where} GROUP BY bucket, model, code`;
}

/** The answer of the usage routes: every bucket of the range, the models, the totals. */
export function assembleFigures(
  range: UsageRange,
  rows: readonly FigureRow[],
  tokenId?: number,
  top?: TopToken[],
): UsageFigures {
  const size = USAGE_BUCKETS[range.bucket];
  const series = new Map<
    number,
    { time: number; requests: number; quota: number; denied: number }
  >();
  for (let time = range.from; time < range.to; time += size) {
    series.set(time, { time, requests: 0, quota: 0, denied: 0 });
  }
  const models = new Map<string, { model: string; requests: number; quota: number }>();
  const totals: UsageFigures['totals'] = { requests: 0, quota: 0, denied: 0, denied_by_code: {} };
  for (const row of rows) {
    const point = series.get(row.bucket);
    if (!point) continue;
    const model = models.get(row.model) ?? { model: row.model, requests: 0, quota: 0 };
    models.set(row.model, model);
    point.quota += row.quota;
    model.quota += row.quota;
    totals.quota += row.quota;
    if (row.code === 'VALID') {
      point.requests += row.count;
      model.requests += row.count;
      totals.requests += row.count;
    } else if (row.code !== REPORTED) {
      point.denied += row.count;
      totals.denied += row.count;
      const code = row.code as keyof UsageFigures['totals']['denied_by_code'];
      totals.denied_by_code[code] = (totals.denied_by_code[code] ?? 0) + row.count;
    }
  }
  return {
    ...(tokenId === undefined ? {} : { token_id: tokenId }),
    bucket: range.bucket,
    from: range.from,
    to: range.to,
    series: [...series.values()],
    by_model: [...models.values()]
      .filter((model) => model.requests > 0 || model.quota > 0)
      .sort((a, b) => b.quota - a.quota || b.requests - a.requests || (a.model < b.model ? -1 : 1)),
    totals,
    ...(top === undefined ? {} : { top_tokens: top }),
  };
}
