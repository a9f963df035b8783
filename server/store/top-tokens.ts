/**
 * The ten tokens that spent most over a range, for the usage overview, on both engines.
 *
 * Summing every token's figures is what this avoids: over a month of 1.2 million hourly sums,
 * that took 3 s on SQLite. Instead:
 * - whole days come from usage_token_days, a token's day in one row, indexed by day, quota and
 *   requests, so each day's ranking is read from the top down;
 * - the range's partial first and last days come from the hourly sums (the usage plan);
 * - findTopTokens, below, bounds each token met by the rows read, sums exactly only those whose
 *   bound reaches the tenth, and stops as soon as no token not met yet can reach it either
 *   (Fagin's threshold algorithm);
 * - where that bound never gives way, the database sums every figure instead (ROUND_ROWS), so
 *   memory stays bounded.
 *
 * On PostgreSQL every read of one answer shares a snapshot. Summing every token met was enough
 * while a few keys spent far more than the rest; over the bench's month of the seed's usage
 * (400,000 hourly sums, spending spread over a few thousand keys) it summed 1,700 of them, one
 * look-up each. Bounding them first sums a few dozen: on SQLite, 7 ms at p50 and 10 ms at p95
 * instead of 16 and 20 to 32 ms.
 */
import type { Span, UsagePlan } from './usage-plan';
import { daysOf } from './usage-plan';
import { TOP_TOKENS, type TopToken } from './usage-figures';

/** A token's sums over some span: VALID verifies and units charged. */
export interface TokenSum {
  token_id: number;
  requests: number;
  quota: number;
}

/** The reads the search needs from an engine. Token 0 (unknown keys) is never in them. */
export interface TopTokenReads {
  /**
   * For each day, its `depth` largest per-token sums (usage_token_days), by quota then requests,
   * largest first.
   */
  rankedDays(days: readonly number[], depth: number): Promise<TokenSum[][]>;
  /** Every token's sums of the hourly figures in a span. */
  hourSums(span: Span): Promise<TokenSum[]>;
  /** These tokens' names and sums over whole days; tokens that no longer exist are left out. */
  dayTotals(ids: readonly number[], days: Span | null): Promise<TopToken[]>;
  /** The top tokens summed from every figure of the plan, in one query. */
  summedTop(plan: UsagePlan): Promise<TopToken[]>;
}

/** A plan's spans as the query summing every figure takes them: empty spans where none. */
export interface SummedTopSpans {
  days_from: number;
  days_to: number;
  first_from: number;
  first_to: number;
  last_from: number;
  last_to: number;
}

export function summedTopSpans(plan: UsagePlan): SummedTopSpans {
  const [first, last] = plan.hours;
  return {
    days_from: plan.days?.from ?? 0,
    days_to: plan.days?.to ?? 0,
    first_from: first?.from ?? 0,
    first_to: first?.to ?? 0,
    last_from: last?.from ?? 0,
    last_to: last?.to ?? 0,
  };
}

const byRank = (a: TokenSum, b: TokenSum) =>
  b.quota - a.quota || b.requests - a.requests || a.token_id - b.token_id;

/** The first depth read from each day's ranking; each round reads four times deeper. */
const FIRST_DEPTH = 32;
/**
 * Rankings' rows one round may read. Past it (days where every token spends alike, or no token
 * spends anything and requests are spread evenly) the database sums every figure instead, so
 * memory stays bounded whatever the figures.
 */
const ROUND_ROWS = 65_536;
/**
 * Tokens a round sums first, those that may have most. Their tenth rules out most of the others;
 * the rest are summed only in the round that ends the search, once deeper rankings have narrowed
 * what each may have.
 */
const LEADERS = 32;

/** Sums of two tokens' figures, or of one token's on two spans. */
const plus = (a: TokenSum, b: TokenSum | undefined): TokenSum =>
  b ? { ...a, requests: a.requests + b.requests, quota: a.quota + b.quota } : a;

/** Sums, or the most they may be, without a token. */
type Sums = Omit<TokenSum, 'token_id'>;

const NOTHING: Sums = { requests: 0, quota: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  requests: a.requests + b.requests,
  quota: a.quota + b.quota,
});
const less = (a: Sums, b: Sums): Sums => ({
  requests: a.requests - b.requests,
  quota: a.quota - b.quota,
});
/** Whether a ranks above b, whatever their ids: by quota, then requests. */
const above = (a: Sums, b: Sums) =>
  a.quota > b.quota || (a.quota === b.quota && a.requests > b.requests);

/**
 * The most a token not among a ranking's rows may have there: nothing when the ranking was read
 * to its end, else its last row read, or nothing when that row is below it (a day a refund left
 * negative), as a token may have no row at all. Sums of such bounds bound the sums (quotas first,
 * so requests count only where every quota is level).
 */
const unlisted = (ranking: readonly TokenSum[], cut: boolean): Sums => {
  const last = ranking[ranking.length - 1];
  return cut && last && !above(NOTHING, last) ? last : NOTHING;
};

/**
 * The 10 tokens with most quota in the range (then most requests), without summing every token's
 * figures: each day's ranking is read from the top down. A token among a day's rows read has that
 * row; on any other day, at most the day's last row read; on the partial days, its sums read
 * exactly. That bounds each token listed, and the sum of the days' last rows bounds every token
 * not listed (Fagin's threshold algorithm). A round sums exactly the tokens listed with the
 * highest bounds; the search ends once their tenth ranks above what an unlisted token may have,
 * after summing the tokens listed whose bound still reaches that tenth. A few busy keys carry
 * most of a gateway's traffic, so a month of a million keys often ends after the first 32 rows of
 * each day and a few dozen tokens summed; where spending is spread more evenly, the rankings are
 * read deeper rather than every token met summed.
 */
export async function findTopTokens(reads: TopTokenReads, plan: UsagePlan): Promise<TopToken[]> {
  const partialOf = new Map<number, TokenSum>();
  for (const sums of await Promise.all(plan.hours.map((span) => reads.hourSums(span)))) {
    for (const sum of sums) partialOf.set(sum.token_id, plus(sum, partialOf.get(sum.token_id)));
  }
  const partial = [...partialOf.values()].sort(byRank);
  const days = plan.days ? daysOf(plan.days) : [];
  const summed = new Map<number, TopToken>();
  // Tokens summed exactly, or found to no longer exist.
  const settled = new Set<number>();
  const sumExactly = async (ids: readonly number[]) => {
    if (ids.length === 0) return;
    for (const total of await reads.dayTotals(ids, plan.days)) {
      summed.set(total.token_id, plus(total, partialOf.get(total.token_id)) as TopToken);
    }
    for (const id of ids) settled.add(id);
  };
  const tenth = () => [...summed.values()].sort(byRank)[TOP_TOKENS - 1];
  for (let depth = FIRST_DEPTH; ; depth *= 4) {
    if (depth * Math.max(days.length, 1) > ROUND_ROWS) return reads.summedTop(plan);
    const rankings = days.length > 0 ? await reads.rankedDays(days, depth) : [];
    const leading = partial.slice(0, depth);
    const limits = rankings.map((ranking) => unlisted(ranking, ranking.length === depth));
    const daysLimit = limits.reduce(add, NOTHING);
    const bounds = new Map<number, Sums>();
    rankings.forEach((ranking, day) => {
      for (const row of ranking) {
        const bound = bounds.get(row.token_id) ?? daysLimit;
        bounds.set(row.token_id, add(bound, less(row, limits[day]!)));
      }
    });
    for (const sum of leading) if (!bounds.has(sum.token_id)) bounds.set(sum.token_id, daysLimit);
    const open = [...bounds]
      .filter(([id]) => !settled.has(id))
      .map(([token_id, bound]) => ({ token_id, ...add(bound, partialOf.get(token_id) ?? NOTHING) }))
      .sort(byRank);
    const reaching = (last: Sums | undefined) =>
      open
        .filter((bound) => !settled.has(bound.token_id) && !(last && above(last, bound)))
        .map((bound) => bound.token_id);
    await sumExactly(reaching(tenth()).slice(0, LEADERS));
    const last = tenth();
    const cut = rankings.some((ranking) => ranking.length === depth) || partial.length > depth;
    const beyond = add(daysLimit, unlisted(leading, partial.length > depth));
    if (!cut || (last && above(last, beyond))) {
      await sumExactly(reaching(last));
      return [...summed.values()].sort(byRank).slice(0, TOP_TOKENS);
    }
  }
}
