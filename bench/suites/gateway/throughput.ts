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

type LoadTarget = 'service' | 'plain' | 'proxy';
/** Each round's runs, one of each target, made next to each other. */
export type LoadRounds = Array<Record<LoadTarget, LoadRound>>;

/**
 * After a warm-up of each, the service, the simplest correct gateway and the bare proxy in turn,
 * the order reversed every other round; each round's ratios compare runs made next to each other,
 * and the median of the rounds' ratios is the figure, so a round measured while the machine was
 * busier weighs no more than one.
 */
export async function loadRounds(
  targets: Record<LoadTarget, Endpoint>,
  keys: string[],
  options: { rounds: number; seconds: number },
): Promise<LoadRounds> {
  const { service, plain, proxy } = targets;
  for (const target of [service, plain, proxy]) await load(target, keys, WARM_UP_SECONDS);
  const result: LoadRounds = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const order = round % 2 === 0 ? [service, plain, proxy] : [proxy, plain, service];
    const runs = new Map<EndpointName, LoadRound>();
    for (const target of order) runs.set(target.name, await load(target, keys, options.seconds));
    const made = {
      service: runs.get('service') as LoadRound,
      plain: runs.get('plain') as LoadRound,
      proxy: runs.get('proxy') as LoadRound,
    };
    // A server failing its chats would make the others' ratios to it mean nothing.
    for (const run of Object.values(made)) {
      if (run.ok === 0 || run.failed > 0) {
        throw new Error(`${run.target} failed ${run.failed} of its chats in round ${round + 1}`);
      }
    }
    result.push(made);
    progress(
      `  round ${round + 1}: service ${perSecond(made.service.perSecond)} (p99 ${made.service.p99.toFixed(1)} ms), simplest correct gateway ${perSecond(made.plain.perSecond)} (p99 ${made.plain.p99.toFixed(1)} ms), bare proxy ${perSecond(made.proxy.perSecond)} (p99 ${made.proxy.p99.toFixed(1)} ms)`,
    );
  }
  return result;
}

export const medianRate = (load: LoadRounds, target: LoadTarget) =>
  median(load.map((round) => round[target].perSecond));

export const medianP99 = (load: LoadRounds, target: LoadTarget) =>
  median(load.map((round) => round[target].p99));
