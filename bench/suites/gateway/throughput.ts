import { join } from 'node:path';
import { perSecond } from '../../lib/figures';
import { progress } from '../../lib/log';
import { REPO_ROOT } from '../../lib/paths';
import { runCommand } from '../../lib/run-command';
import { median } from '../../lib/stats';
import type { Endpoint, EndpointName } from './sequential';
import { CHAT_PATH, chatBody } from './shapes';

export const CONNECTIONS = 16;
export const WARM_UP_SECONDS = 2;
/** One thread: wrk's single core leaves the other to the targets on a 2-core machine. */
const WRK_THREADS = 1;
const SCRIPT = join(REPO_ROOT, 'bench/suites/gateway/post-chat.lua');

export interface LoadRound {
  target: EndpointName;
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  notOk: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
}

/** One wrk run of non-streamed chats at CONNECTIONS connections, going round the keys. */
async function load(target: Endpoint, keys: string[], seconds: number): Promise<LoadRound> {
  let figures: WrkFigures | undefined;
  await runCommand(
    'wrk',
    [
      `-t${WRK_THREADS}`,
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '-s',
      SCRIPT,
      target.url,
      '--',
      CHAT_PATH,
      chatBody(),
      ...keys,
    ],
    {
      onLine: (line) => {
        if (line.startsWith('{')) figures = JSON.parse(line) as WrkFigures;
      },
    },
  );
  if (!figures) throw new Error('wrk printed no figures');
  // Only answers of 2xx count: a refused chat is not throughput.
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

export interface LoadRounds {
  rounds: LoadRound[];
  /** The service's rate over the proxy's, round by round. */
  ratios: number[];
  /** The service's p99 minus the proxy's, round by round, in ms. */
  p99Gaps: number[];
}

/**
 * After a warm-up of each, the service and the bare proxy in turn, swapping who goes first each
 * round; each round's ratio compares two runs next to each other, and the median of the rounds'
 * ratios is the figure, so a round measured while the machine was busier weighs no more than one.
 */
export async function loadRounds(
  service: Endpoint,
  proxy: Endpoint,
  keys: string[],
  options: { rounds: number; seconds: number },
): Promise<LoadRounds> {
  for (const target of [service, proxy]) await load(target, keys, WARM_UP_SECONDS);
  const result: LoadRounds = { rounds: [], ratios: [], p99Gaps: [] };
  for (let round = 0; round < options.rounds; round += 1) {
    const order = round % 2 === 0 ? [service, proxy] : [proxy, service];
    const runs = new Map<EndpointName, LoadRound>();
    for (const target of order) runs.set(target.name, await load(target, keys, options.seconds));
    const ofService = runs.get('service') as LoadRound;
    const ofProxy = runs.get('proxy') as LoadRound;
    result.rounds.push(ofService, ofProxy);
    result.ratios.push(ofService.perSecond / ofProxy.perSecond);
    result.p99Gaps.push(ofService.p99 - ofProxy.p99);
    progress(
      `  round ${round + 1}: service ${perSecond(ofService.perSecond)} (p99 ${ofService.p99.toFixed(1)} ms), bare proxy ${perSecond(ofProxy.perSecond)} (p99 ${ofProxy.p99.toFixed(1)} ms)`,
    );
  }
  return result;
}

export const medianRate = (rounds: LoadRound[], target: EndpointName) =>
  median(rounds.filter((round) => round.target === target).map((round) => round.perSecond));

export const medianP99 = (rounds: LoadRound[], target: EndpointName) =>
  median(rounds.filter((round) => round.target === target).map((round) => round.p99));
