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
  /** For each day, its `depth` largest per-token sums (usage_token_days), largest quota first. */
  rankedDays(days: readonly number[], depth: number): Promise<TokenSum[][]>;
  /** Every token's sums of the hourly figures in a span. */
  hourSums(span: Span): Promise<TokenSum[]>;
  /** These tokens' names and sums over whole days; tokens that no longer exist are left out. */
  dayTotals(ids: readonly number[], days: Span | null): Promise<TopToken[]>;
}

const byRank = (a: TokenSum, b: TokenSum) =>
  b.quota - a.quota || b.requests - a.requests || a.token_id - b.token_id;

/** The first depth read from each day's ranking; each round reads four times deeper. */
const FIRST_DEPTH = 32;

/**
 * The 10 tokens with most quota in the range, without summing every token's figures: each day's
 * ranking is read from the top down, the tokens met are summed exactly, and the search stops
 * once the tenth of them has more than any token not yet met could have (the sum of each day's
 * last value read: Fagin's threshold algorithm). A few busy keys carry most of a gateway's
 * traffic, so a month of a million keys ends after a few hundred from each day.
 */
export async function findTopTokens(reads: TopTokenReads, plan: UsagePlan): Promise<TopToken[]> {
  const partialOf = new Map<number, TokenSum>();
  for (const sums of await Promise.all(plan.hours.map((span) => reads.hourSums(span)))) {
    for (const sum of sums) {
      const known = partialOf.get(sum.token_id);
      partialOf.set(
        sum.token_id,
        known
          ? { ...sum, requests: known.requests + sum.requests, quota: known.quota + sum.quota }
          : sum,
      );
    }
  }
  const partial = [...partialOf.values()].sort(byRank);
  const days = plan.days ? daysOf(plan.days) : [];
  const summed = new Map<number, TopToken>();
  const met = new Set<number>();
  for (let depth = FIRST_DEPTH; ; depth *= 4) {
    const rankings = days.length > 0 ? await reads.rankedDays(days, depth) : [];
    const fresh = new Set<number>();
    for (const sum of [...rankings.flat(), ...partial.slice(0, depth)]) {
      if (!met.has(sum.token_id)) fresh.add(sum.token_id);
    }
    if (fresh.size > 0) {
      for (const total of await reads.dayTotals([...fresh], plan.days)) {
        const hours = partialOf.get(total.token_id);
        summed.set(total.token_id, {
          ...total,
          requests: total.requests + (hours?.requests ?? 0),
          quota: total.quota + (hours?.quota ?? 0),
        });
      }
      for (const id of fresh) met.add(id);
    }
    const ranked = [...summed.values()].sort(byRank);
    const unfinished = rankings.filter((ranking) => ranking.length === depth);
    if (unfinished.length === 0 && partial.length <= depth) return ranked.slice(0, TOP_TOKENS);
    const bound =
      unfinished.reduce((sum, ranking) => sum + ranking[depth - 1]!.quota, 0) +
      (partial.length > depth ? partial[depth - 1]!.quota : 0);
    const tenth = ranked[TOP_TOKENS - 1];
    if (tenth && tenth.quota > bound) return ranked.slice(0, TOP_TOKENS);
  }
}
