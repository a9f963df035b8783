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
  /** The service's rate over the simplest correct gateway's, round by round. */
  ofPlain: number[];
  /** The service's rate over the bare proxy's, round by round. */
  ofProxy: number[];
  /** The simplest correct gateway's rate over the bare proxy's, round by round. */
  plainOfProxy: number[];
  /** The service's p99 minus the proxy's, round by round, in ms. */
  p99Gaps: number[];
}

/**
 * After a warm-up of each, the service, the simplest correct gateway and the bare proxy in turn,
 * the order reversed every other round; each round's ratios compare runs made next to each other,
 * and the median of the rounds' ratios is the figure, so a round measured while the machine was
 * busier weighs no more than one.
 */
export async function loadRounds(
  targets: { service: Endpoint; plain: Endpoint; proxy: Endpoint },
  keys: string[],
  options: { rounds: number; seconds: number },
): Promise<LoadRounds> {
  const { service, plain, proxy } = targets;
  for (const target of [service, plain, proxy]) await load(target, keys, WARM_UP_SECONDS);
  const result: LoadRounds = {
    rounds: [],
    ofPlain: [],
    ofProxy: [],
    plainOfProxy: [],
    p99Gaps: [],
  };
  for (let round = 0; round < options.rounds; round += 1) {
    const order = round % 2 === 0 ? [service, plain, proxy] : [proxy, plain, service];
    const runs = new Map<EndpointName, LoadRound>();
    for (const target of order) runs.set(target.name, await load(target, keys, options.seconds));
    const ofService = runs.get('service') as LoadRound;
    const ofPlain = runs.get('plain') as LoadRound;
    const ofProxy = runs.get('proxy') as LoadRound;
    // A server failing its chats would make the others' ratios to it mean nothing.
    for (const run of [ofService, ofPlain, ofProxy]) {
      if (run.ok === 0 || run.failed > 0) {
        throw new Error(`${run.target} failed ${run.failed} of its chats in round ${round + 1}`);
      }
    }
    result.rounds.push(ofService, ofPlain, ofProxy);
    result.ofPlain.push(ofService.perSecond / ofPlain.perSecond);
    result.ofProxy.push(ofService.perSecond / ofProxy.perSecond);
    result.plainOfProxy.push(ofPlain.perSecond / ofProxy.perSecond);
    result.p99Gaps.push(ofService.p99 - ofProxy.p99);
    progress(
      `  round ${round + 1}: service ${perSecond(ofService.perSecond)} (p99 ${ofService.p99.toFixed(1)} ms), simplest correct gateway ${perSecond(ofPlain.perSecond)} (p99 ${ofPlain.p99.toFixed(1)} ms), bare proxy ${perSecond(ofProxy.perSecond)} (p99 ${ofProxy.p99.toFixed(1)} ms)`,
    );
  }
  return result;
}

export const medianRate = (rounds: LoadRound[], target: EndpointName) =>
  median(rounds.filter((round) => round.target === target).map((round) => round.perSecond));

export const medianP99 = (rounds: LoadRound[], target: EndpointName) =>
  median(rounds.filter((round) => round.target === target).map((round) => round.p99));
