import { join } from 'node:path';
import { perSecond } from '../../lib/figures';
import { progress } from '../../lib/log';
import { REPO_ROOT } from '../../lib/paths';
import { median } from '../../lib/stats';
import { runWrk } from '../../lib/wrk';
import type { Endpoint, EndpointName } from './sequential';
import { CHAT_PATH, chatBody } from './shapes';

export const CONNECTIONS = 16;
export const WARM_UP_SECONDS = 2;
const SCRIPT = join(REPO_ROOT, 'bench/suites/gateway/post-chat.lua');

export interface LoadRound {
  target: EndpointName;
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

/** One wrk run of non-streamed chats at CONNECTIONS connections, going round the keys. */
async function load(target: Endpoint, keys: string[], seconds: number): Promise<LoadRound> {
  const round = await runWrk(SCRIPT, target.url, {
    connections: CONNECTIONS,
    seconds,
    scriptArgs: [CHAT_PATH, chatBody(), ...keys],
  });
  return { target: target.name, ...round };
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
