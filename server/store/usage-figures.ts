import { USAGE_BUCKETS, type UsageFigures, type UsageRange } from '../../src/contract/usage';
import { REPORTED, UNSETTLED } from './usage-meter';
import { DAY, HOUR, outsideHours, planUsage, type Span, type UsagePlan } from './usage-plan';

/** Sums of the hourly or daily figures per bucket, model and code, as both engines read them. */
export interface FigureRow {
  bucket: number;
  model: string;
  code: string;
  count: number;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
}

export type TopToken = NonNullable<UsageFigures['top_tokens']>[number];

export const TOP_TOKENS = 10;

/** The tables of figures: per token or for all tokens together, by the hour or by the day. */
export const FIGURE_TABLES = {
  token: { hour: 'usage_hours', day: 'usage_days' },
  all: { hour: 'usage_totals', day: 'usage_total_days' },
} as const;

/**
 * The GROUP BY of a span's sums in a table of FIGURE_TABLES; `size` is the bucket in seconds.
 * `where` narrows by token when it must; the time column of a daily table is day, else hour.
 */
export function figureRowsSql(
  table: string,
  size: number,
  span: { from: string; to: string },
  where = 'true',
): string {
  const time = table.endsWith('days') ? 'day' : 'hour';
  return `SELECT (${time} / ${size}) * ${size} AS bucket, model, code,
      sum(count) AS count, sum(quota) AS quota,
      sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens
    FROM ${table} WHERE ${where} AND ${time} >= ${span.from} AND ${time} < ${span.to}
    GROUP BY bucket, model, code`;
}

/** Whether an hourly table of FIGURE_TABLES holds any figure in a span; `where` as above. */
export function holdsSql(
  table: string,
  span: { from: string; to: string },
  where = 'true',
): string {
  return `SELECT 1 FROM ${table} WHERE ${where} AND hour >= ${span.from} AND hour < ${span.to} LIMIT 1`;
}

const noTokens = () => ({ prompt_tokens: 0, completion_tokens: 0 });

/** The answer of the usage routes: every bucket of the range, the models, the totals. */
export function assembleFigures(
  range: UsageRange,
  rows: readonly FigureRow[],
  tokenId?: number,
  top?: TopToken[],
): UsageFigures {
  const size = USAGE_BUCKETS[range.bucket];
  const series = new Map<number, UsageFigures['series'][number]>();
  for (let time = range.from; time < range.to; time += size) {
    series.set(time, { time, requests: 0, quota: 0, denied: 0, ...noTokens() });
  }
  const models = new Map<string, UsageFigures['by_model'][number]>();
  const totals: UsageFigures['totals'] = {
    requests: 0,
    quota: 0,
    denied: 0,
    denied_by_code: {},
    ...noTokens(),
    unsettled: 0,
  };
  for (const row of rows) {
    const point = series.get(row.bucket);
    if (!point) continue;
    const model = models.get(row.model) ?? {
      model: row.model,
      requests: 0,
      quota: 0,
      ...noTokens(),
    };
    models.set(row.model, model);
    for (const sum of [point, model, totals]) {
      sum.quota += row.quota;
      sum.prompt_tokens += row.prompt_tokens;
      sum.completion_tokens += row.completion_tokens;
      if (row.code === 'VALID') sum.requests += row.count;
    }
    // Reports and unsettled holds are neither requests nor refusals.
    if (row.code === UNSETTLED) {
      totals.unsettled += row.count;
    } else if (row.code !== 'VALID' && row.code !== REPORTED) {
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
      .filter(
        (model) =>
          model.requests > 0 ||
          model.quota !== 0 ||
          model.prompt_tokens + model.completion_tokens > 0,
      )
      .sort((a, b) => b.quota - a.quota || b.requests - a.requests || (a.model < b.model ? -1 : 1)),
    totals,
    ...(top === undefined ? {} : { top_tokens: top }),
  };
}

/** The reads of one token's figures, or of all tokens' together, from an engine. */
export interface FigureReads {
  tables: { hour: string; day: string };
  /** The sums of a table of FIGURE_TABLES in a span, by bucket of `size` seconds. */
  rows(table: string, size: number, span: Span): Promise<FigureRow[]>;
  /** Whether the hourly table holds any figure in a span. */
  holds(span: Span): Promise<boolean>;
}

/**
 * Where a range's figures are read (usage-plan.ts), once the hours outside it on its first and
 * last days are known to hold figures or not.
 */
export async function planRange(reads: FigureReads, range: UsageRange): Promise<UsagePlan> {
  const outside = outsideHours(range);
  const [before, after] = await Promise.all([
    outside.before ? reads.holds(outside.before) : false,
    outside.after ? reads.holds(outside.after) : false,
  ]);
  return planUsage(range, before, after);
}

/**
 * The rows of a range's series: by the hour from the hourly sums (at most 1,000 hours), by the
 * day from the daily sums but for partial days, as the plan (made here when not given) says.
 */
export async function readFigureRows(
  reads: FigureReads,
  range: UsageRange,
  plan?: UsagePlan,
): Promise<FigureRow[]> {
  if (range.bucket === 'hour') return reads.rows(reads.tables.hour, HOUR, range);
  const { days, hours } = plan ?? (await planRange(reads, range));
  const parts = await Promise.all([
    days ? reads.rows(reads.tables.day, DAY, days) : [],
    ...hours.map((span) => reads.rows(reads.tables.hour, DAY, span)),
  ]);
  return parts.flat();
}
