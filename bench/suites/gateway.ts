import { join } from 'node:path';
import type { BenchContext } from '../lib/context';
import type { SuiteResult } from '../lib/figures';
import { progress } from '../lib/log';
import { startService } from '../lib/service';
import { ensureWrk } from '../lib/wrk';
import { overspendTrial, WAVE } from './gateway/overspend';
import { requireSameWork } from './gateway/same-work';
import { startHelper } from './gateway/helper-process';
import { addModels, createKey, UPSTREAM_KEY } from './gateway/service-setup';
import { detailsOf, figuresOf, type Measured } from './gateway/report';
import {
  closeSequentialAgents,
  LATENCY,
  sequentialTimes,
  warmUp,
  type Endpoint,
} from './gateway/sequential';
import { upstreamBase } from './gateway/shapes';
import { slowStreams } from './gateway/slow-streams';
import { CONNECTIONS, loadRounds } from './gateway/throughput';

/** Keys the load goes round; each has a budget no run can spend, so that every chat is held. */
const LOAD_KEYS = 4;
const LARGE_BUDGET = 10_000_000_000_000;
/** Chats of each kind a restarted service answers before its memory is measured. */
const WARM_UP_CHATS = 200;

/**
 * The service as an OpenAI-compatible gateway, beside a fake upstream, a bare node:http proxy to
 * it and the simplest correct gateway on the same database, each its own process: added latency,
 * time to first streamed byte, throughput and p99 at 16 connections, overspend under bursts, and
 * memory under a thousand slow streams.
 */
export async function gatewaySuite(context: BenchContext): Promise<SuiteResult> {
  const { rounds, roundSeconds } = context.settings;
  await ensureWrk();
  const upstream = await startHelper('fake-upstream.ts');
  const proxy = await startHelper('bare-proxy.ts', [upstreamBase(upstream.url), UPSTREAM_KEY]);
  const helpers = [upstream, proxy];
  const database = { engine: 'sqlite', dataDir: join(context.tempDir, 'gateway-data') } as const;
  let service = await startService({ database });
  try {
    await addModels(service, upstream.url);
    const keys: string[] = [];
    for (let i = 0; i < LOAD_KEYS; i += 1) {
      keys.push((await createKey(service, `Gateway load ${i + 1}`, LARGE_BUDGET)).authorization);
    }
    const plain = await startHelper('plain-gateway.ts', [database.dataDir, UPSTREAM_KEY]);
    helpers.push(plain);
    await requireSameWork(service, plain.url);
    const authorization = keys[0] as string;
    const direct: Endpoint = { name: 'direct', url: upstream.url, authorization: 'Bearer none' };
    const ofProxy: Endpoint = { name: 'proxy', url: proxy.url, authorization };
    const ofPlain: Endpoint = { name: 'plain', url: plain.url, authorization };
    const ofService: Endpoint = { name: 'service', url: service.url, authorization };
    const endpoints = [direct, ofProxy, ofService];

    const { rounds: latencyRounds, perRound } = LATENCY;
    progress(
      `gateway: ${latencyRounds * perRound} chats one at a time to each of the upstream, the bare proxy and the service`,
    );
    const whole = await sequentialTimes(endpoints, { stream: false, ...LATENCY });
    progress(
      `gateway: ${latencyRounds * perRound} streamed chats one at a time to each, first byte`,
    );
    const firstByte = await sequentialTimes(endpoints, { stream: true, ...LATENCY });
    closeSequentialAgents();

    progress(
      `gateway: ${CONNECTIONS} connections, ${rounds} alternated rounds of ${roundSeconds} s`,
    );
    const load = await loadRounds({ service: ofService, plain: ofPlain, proxy: ofProxy }, keys, {
      rounds,
      seconds: roundSeconds,
    });

    progress(`gateway: bursts of ${WAVE} chats on a small budget`);
    const overspend = await overspendTrial(service);

    // A fresh process on the same database, warmed up: its resident size holds no garbage of the
    // load above, and the load's connections to the upstream are gone.
    progress('gateway: the service started again, then a thousand slow streams at once');
    await service.stop();
    service = await startService({ database });
    const restarted = { ...ofService, url: service.url };
    await warmUp(restarted, false, WARM_UP_CHATS);
    await warmUp(restarted, true, WARM_UP_CHATS);
    closeSequentialAgents();
    const memory = await slowStreams(service, authorization);

    const measured: Measured = { whole, firstByte, load, overspend, memory };
    return { figures: figuresOf(measured), details: detailsOf(measured, roundSeconds) };
  } finally {
    await service.stop();
    await Promise.all(helpers.map((helper) => helper.stop()));
  }
}
