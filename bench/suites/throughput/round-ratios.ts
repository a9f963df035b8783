import { median } from '../../lib/stats';
import type { Round, Target } from '../throughput';

/** Rounds measured one after another, `perRound` targets each, grouped by round. */
export function inRounds(measured: readonly Round[], perRound: number): Round[][] {
  return Array.from({ length: Math.floor(measured.length / perRound) }, (_, i) =>
    measured.slice(i * perRound, (i + 1) * perRound),
  );
}

/**
 * Each round's rate of `of` over `to`: targets compared within a round, so a round measured
 * while the machine was busier weighs no more than one.
 */
export function roundRatios(
  rounds: readonly Round[][],
  of: Target['name'],
  to: Target['name'],
): number[] {
  return rounds.flatMap((round) => {
    const a = round.find((r) => r.target === of);
    const b = round.find((r) => r.target === to);
    return a && b ? [a.perSecond / b.perSecond] : [];
  });
}

/** The median over rounds of `of`'s rate over `to`'s. */
export const medianRatio = (
  rounds: readonly Round[][],
  of: Target['name'],
  to: Target['name'],
): number => median(roundRatios(rounds, of, to));
