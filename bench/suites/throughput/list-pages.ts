import { join } from 'node:path';
import { perSecond } from '../../lib/figures';
import { progress } from '../../lib/log';
import { REPO_ROOT } from '../../lib/paths';
import { runCommand } from '../../lib/run-command';
import { median } from '../../lib/stats';
import type { Round, Target } from '../throughput';

/** The list is asked for pages 1 to PAGES in turn, so no single page's answer can be kept. */
export const PAGES = 10;
export const PAGE_SIZE = 20;
/** One thread: wrk's single core leaves the other to the target on a 2-core machine. */
const WRK_THREADS = 1;
const SCRIPT = join(REPO_ROOT, 'bench/suites/throughput/cycle-pages.lua');

/** The paths cycle-pages.lua asks for, in its order. */
export function pagePaths(): string[] {
  return Array.from({ length: PAGES }, (_, i) => `/api/token/?p=${i + 1}&size=${PAGE_SIZE}`);
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  notOk: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
}

/** One wrk run cycling through the pages. */
export async function cyclePages(
  target: Target,
  authorization: string,
  connections: number,
  seconds: number,
): Promise<Round> {
  let figures: WrkFigures | undefined;
  await runCommand(
    'wrk',
    [
      `-t${WRK_THREADS}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '-s',
      SCRIPT,
      target.url,
      '--',
      authorization,
      String(PAGES),
      String(PAGE_SIZE),
    ],
    {
      onLine: (line) => {
        if (line.startsWith('{')) figures = JSON.parse(line) as WrkFigures;
      },
    },
  );
  if (!figures) throw new Error('wrk printed no figures');
  // Only answers of 2xx count (wrk counts 3xx as well; the list has none).
  const ok = figures.requests - figures.notOk;
  return {
    target: target.name,
    perSecond: ok / (figures.durationUs / 1e6),
    ok,
    failed: figures.notOk + figures.socketErrors,
    p50: figures.p50Us / 1000,
    p99: figures.p99Us / 1000,
  };
}

export interface PageRounds {
  rounds: Round[];
  /** Each target's ratios to the bare server of the same round, in order. */
  ratios: Map<Target['name'], number[]>;
}

/**
 * After a warm-up of each, every target then the bare server, `rounds` times; a target's ratio
 * is the median of its ratios to the bare server's round that follows it, so a round measured
 * while the machine was busier weighs no more than one.
 */
export async function pageRounds(
  targets: Target[],
  bare: Target,
  authorization: string,
  options: { connections: number; rounds: number; seconds: number; warmUpSeconds: number },
): Promise<PageRounds> {
  const { connections, rounds: count, seconds, warmUpSeconds } = options;
  for (const target of [...targets, bare]) {
    await cyclePages(target, authorization, connections, warmUpSeconds);
  }
  const rounds: Round[] = [];
  const ratios = new Map<Target['name'], number[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < count; round += 1) {
    const measured: Round[] = [];
    for (const target of targets) {
      measured.push(await cyclePages(target, authorization, connections, seconds));
    }
    const ofBare = await cyclePages(bare, authorization, connections, seconds);
    const line = measured.map((of) => {
      const ratio = of.perSecond / ofBare.perSecond;
      ratios.get(of.target)?.push(ratio);
      return `${of.target} ${perSecond(of.perSecond)} (${ratio.toFixed(2)})`;
    });
    progress(`  list round ${round + 1}: ${line.join(', ')}, bare ${perSecond(ofBare.perSecond)}`);
    rounds.push(...measured, ofBare);
  }
  return { rounds, ratios };
}

/** The median of a target's ratios to the bare server. */
export function ratioOf(list: PageRounds, target: Target['name']): number {
  return median(list.ratios.get(target) ?? []);
}
