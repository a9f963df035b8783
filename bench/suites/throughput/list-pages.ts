import { join } from 'node:path';
import { perSecond } from '../../lib/figures';
import { progress } from '../../lib/log';
import { REPO_ROOT } from '../../lib/paths';
import { runWrk } from '../../lib/wrk';
import { requireSameAnswers, startBareServer, startHelperServer } from './helper-servers';
import type { Round, Target } from '../throughput';

/**
 * List rounds, each of the service, the plain server, the Hono app, the page-read server and the
 * bare server.
 */
export const LIST_ROUNDS = 5;
/** The list is asked for pages 1 to PAGES in turn, so no single page's answer can be kept. */
export const PAGES = 10;
export const PAGE_SIZE = 20;
const SCRIPT = join(REPO_ROOT, 'bench/suites/throughput/cycle-pages.lua');

/** The paths cycle-pages.lua asks for, in its order. */
export function pagePaths(): string[] {
  return Array.from({ length: PAGES }, (_, i) => `/api/token/?p=${i + 1}&size=${PAGE_SIZE}`);
}

/** One wrk run cycling through the pages. */
export async function cyclePages(
  target: Target,
  authorization: string,
  connections: number,
  seconds: number,
): Promise<Round> {
  const round = await runWrk(SCRIPT, target.url, {
    connections,
    seconds,
    scriptArgs: [authorization, String(PAGES), String(PAGE_SIZE)],
  });
  return { target: target.name, ...round };
}

/**
 * After a warm-up of each, every target in turn, `rounds` times; each round's figures in the
 * targets' order.
 */
export async function pageRounds(
  targets: Target[],
  authorization: string,
  options: { connections: number; rounds: number; seconds: number; warmUpSeconds: number },
): Promise<Round[][]> {
  const { connections, rounds: count, seconds, warmUpSeconds } = options;
  for (const target of targets) {
    await cyclePages(target, authorization, connections, warmUpSeconds);
  }
  const rounds: Round[][] = [];
  for (let round = 0; round < count; round += 1) {
    const measured: Round[] = [];
    for (const target of targets) {
      measured.push(await cyclePages(target, authorization, connections, seconds));
    }
    const line = measured.map((of) => `${of.target} ${perSecond(of.perSecond)}`).join(', ');
    progress(`  list round ${round + 1}: ${line}`);
    rounds.push(measured);
  }
  return rounds;
}

/**
 * The list's rounds: the service, the simplest correct server (its goal), and as references the
 * Hono app sending the same bytes (the framework alone), the page-read server (the store's read
 * alone) and the bare server. The plain server must first answer every page as the service does.
 */
export async function measureList(
  service: Target,
  bare: Target,
  options: {
    responsesFile: string;
    dataDir: string;
    adminKey: string;
    seconds: number;
    connections: number;
    warmUpSeconds: number;
  },
): Promise<Round[][]> {
  const { responsesFile, dataDir, adminKey, seconds, connections, warmUpSeconds } = options;
  const authorization = `Bearer ${adminKey}`;
  const plain = await startHelperServer('plain-list-server.ts', [dataDir, adminKey, responsesFile]);
  const hono = await startBareServer(responsesFile, 'hono');
  const pageRead = await startHelperServer('page-read-server.ts', [responsesFile, dataDir]);
  try {
    await requireSameAnswers(
      service.url,
      { name: 'plain-list-server.ts', url: plain.url },
      pagePaths().map((path) => ({ method: 'GET' as const, path })),
      { authorization },
    );
    progress(
      `throughput: list, pages 1 to ${PAGES} in turn, ${LIST_ROUNDS} rounds of ${seconds} s (service, plain, hono, page-read, bare)`,
    );
    return await pageRounds(
      [
        service,
        { name: 'plain', url: plain.url },
        { name: 'hono', url: hono.url },
        { name: 'page-read', url: pageRead.url },
        bare,
      ],
      authorization,
      { connections, rounds: LIST_ROUNDS, seconds, warmUpSeconds },
    );
  } finally {
    await Promise.all([plain.stop(), hono.stop(), pageRead.stop()]);
  }
}
