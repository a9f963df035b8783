import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { authHeaders, createTokens, tokenTotal } from '../lib/api';
import type { BenchContext } from '../lib/context';
import {
  atLeast,
  count,
  info,
  ms,
  perSecond,
  ratio,
  type Figure,
  type SuiteResult,
} from '../lib/figures';
import { progress } from '../lib/log';
import { startService } from '../lib/service';
import { median, sum } from '../lib/stats';
import { ensureWrk } from '../lib/wrk';
import { captureResponse } from './throughput/capture';
import { answerKey, type CapturedResponses } from './throughput/captured';
import { startBareServer } from './throughput/helper-servers';
import { LIST_ROUNDS, PAGES, PAGE_SIZE, measureList, pagePaths } from './throughput/list-pages';
import { listFigures } from './throughput/list-figures';

const SECTION = 'Throughput (SQLite)';
export const CONNECTIONS = 32;
export const WARM_UP_SECONDS = 2;
export const CREATE_PATH = '/api/token/';
export const CREATE_BODY = JSON.stringify({
  name: 'Throughput token',
  remain_quota: 1_000_000,
  expired_time: -1,
  unlimited_quota: false,
});
const SEEDED = 1_000;
export const CREATE_GOAL = 2_000;

export interface Target {
  /**
   * plain: the simplest correct server doing the same work on the same database
   * (throughput/plain-list-server.ts, plain-verify-server.ts); bare: node:http sending the
   * captured bytes; hono: a one-route Hono app sending them; page-read: node:http around the
   * store's own page read (throughput/page-read-server.ts).
   */
  name: 'service' | 'plain' | 'bare' | 'hono' | 'page-read';
  url: string;
}

export interface Round {
  target: Target['name'];
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

export interface Load {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Bodies each connection sends in turn, instead of `body`. */
  bodies?: string[];
}

interface Durability {
  /** Creates answered 200, warm-up included. */
  acknowledged: number;
  /** Creates answered otherwise or not at all, warm-up included. */
  failed: number;
  /** How much the list total grew. */
  stored: number;
  /** The growth again, after a SIGKILL and a restart. */
  afterCrash: number;
  /** Requests in flight when a run ended: the service may have done them unseen. */
  inFlightAtEnd: number;
}

export async function throughputSuite(context: BenchContext): Promise<SuiteResult> {
  const database = { engine: 'sqlite', dataDir: join(context.tempDir, 'throughput-data') } as const;
  const { rounds, roundSeconds } = context.settings;
  await ensureWrk();
  let service = await startService({ database });
  try {
    await createTokens(
      service,
      Array.from({ length: SEEDED }, (_, i) => ({
        name: `Listed token ${i + 1}`,
        remain_quota: i * 1000,
      })),
    );
    const headers = authHeaders(service);
    const json = { ...headers, 'content-type': 'application/json' };
    const create: Load = { method: 'POST', path: CREATE_PATH, headers: json, body: CREATE_BODY };

    const responsesFile = join(context.tempDir, 'captured-responses.json');
    const captured: CapturedResponses = {};
    for (const path of pagePaths()) {
      captured[answerKey('GET', path)] = await captureResponse(
        `${service.url}${path}`,
        'GET',
        headers,
      );
    }
    captured[answerKey('POST', CREATE_PATH)] = await captureResponse(
      `${service.url}${CREATE_PATH}`,
      'POST',
      json,
      CREATE_BODY,
    );
    writeFileSync(responsesFile, JSON.stringify(captured));
    const before = await tokenTotal(service);

    const baseline = await startBareServer(responsesFile);
    let list: Round[][];
    let createRuns: { warmUp: Round[]; measured: Round[] };
    try {
      const ofService: Target = { name: 'service', url: service.url };
      const ofBare: Target = { name: 'bare', url: baseline.url };
      list = await measureList(ofService, ofBare, {
        responsesFile,
        dataDir: database.dataDir,
        adminKey: service.adminKey,
        seconds: roundSeconds,
        connections: CONNECTIONS,
        warmUpSeconds: WARM_UP_SECONDS,
      });
      progress(`throughput: create, ${rounds} alternated rounds of ${roundSeconds} s per target`);
      createRuns = await alternate([ofService, ofBare], create, rounds, roundSeconds);
    } finally {
      await baseline.stop();
    }

    const serviceRuns = [...createRuns.warmUp, ...createRuns.measured].filter(
      (run) => run.target === 'service',
    );
    const stored = (await tokenTotal(service)) - before;
    // No shutdown code runs on SIGKILL: what was acknowledged must already be on disk.
    await service.crash();
    service = await startService({ database });
    const durability: Durability = {
      acknowledged: sum(serviceRuns.map((run) => run.ok)),
      failed: sum(serviceRuns.map((run) => run.failed)),
      stored,
      afterCrash: (await tokenTotal(service)) - before,
      inFlightAtEnd: CONNECTIONS * serviceRuns.length,
    };
    return {
      figures: figuresOf(list, createRuns.measured, durability),
      details: detailsOf(list, createRuns.measured, roundSeconds),
    };
  } finally {
    await service.stop();
  }
}

export async function hit(target: Target, load: Load, seconds: number): Promise<Round> {
  const result = await autocannon({
    url: `${target.url}${load.path}`,
    method: load.method,
    headers: load.headers,
    ...(load.body === undefined ? {} : { body: load.body }),
    ...(load.bodies === undefined
      ? {}
      : {
          requests: load.bodies.map((body) => ({
            method: load.method,
            path: load.path,
            headers: load.headers,
            body,
          })),
        }),
    connections: CONNECTIONS,
    duration: seconds,
  });
  const ok = result.statusCodeStats['200']?.count ?? 0;
  return {
    target: target.name,
    // Only answers of 200 count: a refused or failed request is not throughput.
    perSecond: ok / result.duration,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Warms both targets up, then runs them in turn, swapping which goes first each round. */
export async function alternate(
  targets: Target[],
  load: Load,
  rounds: number,
  seconds: number,
): Promise<{ warmUp: Round[]; measured: Round[] }> {
  const warmUp: Round[] = [];
  for (const target of targets) warmUp.push(await hit(target, load, WARM_UP_SECONDS));
  const measured: Round[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const result = await hit(target, load, seconds);
      progress(`  ${load.method} ${target.name}: ${perSecond(result.perSecond)}`);
      measured.push(result);
    }
  }
  return { warmUp, measured };
}

export const medianOf = (rounds: Round[], target: Target['name']) =>
  median(rounds.filter((round) => round.target === target).map((round) => round.perSecond));

function figuresOf(list: Round[][], createRounds: Round[], durability: Durability): Figure[] {
  const createService = medianOf(createRounds, 'service');
  const createBare = medianOf(createRounds, 'bare');
  const { acknowledged, failed, stored, afterCrash, inFlightAtEnd } = durability;
  const kept =
    stored >= acknowledged && stored - acknowledged <= inFlightAtEnd && afterCrash === stored;
  return [
    ...listFigures(SECTION, list),
    atLeast(
      SECTION,
      `create POST ${CREATE_PATH}, service (durable creates/s)`,
      createService,
      CREATE_GOAL,
      perSecond,
      {
        note: [
          failed === 0
            ? 'every request answered 200'
            : `${count(failed)} requests did not get a 200`,
          kept
            ? `all ${count(acknowledged)} acknowledged creates are stored, also after a SIGKILL and restart`
            : `NOT KEPT: ${count(acknowledged)} acknowledged, the total grew by ${count(stored)}, by ${count(afterCrash)} after a SIGKILL and restart`,
        ].join('; '),
      },
    ),
    info(SECTION, 'create, bare node:http sending the same bytes', perSecond(createBare), {
      note: `ratio service / bare ${ratio(createService / createBare)}`,
    }),
  ];
}

function detailsOf(list: Round[][], createRounds: Round[], seconds: number): string[] {
  const row = (label: string, r: Round) =>
    `| ${label} | ${r.target} | ${perSecond(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${count(r.ok)} | ${count(r.failed)} |`;
  return [
    `${CONNECTIONS} connections over loopback, ${seconds} s per round after a ${WARM_UP_SECONDS} s warm-up of each target. The service runs as its own process (\`node dist-server/main.mjs\`, its build as \`npm start\` runs it, on a fresh database in a temporary folder, ${SEEDED} tokens); the baseline is a bare \`node:http\` server, also its own process (bench/suites/throughput/bare-server.ts, compiled by tsx as it loads), answering each request with the status, headers and body captured from the service's real answer to it (no compression: neither load generator sends Accept-Encoding). The list is loaded by wrk on one thread (bench/suites/throughput/cycle-pages.lua), asking for pages 1 to ${PAGES} of ${PAGE_SIZE} in turn, so that no one page is asked again and again; ${LIST_ROUNDS} rounds, each of the service, the simplest correct server, two references, then the bare server; a ratio is the median of the rounds' ratios. The simplest correct server (bench/suites/throughput/plain-list-server.ts) is what a competent person writes in an afternoon to serve the same pages from the same SQLite file: \`node:http\`, the admin key checked as the service checks it, one plain query a page with the count, \`JSON.stringify\` of the contract's fields; before the rounds it must answer every page byte for byte as the service does. The references: a Hono app of one route on @hono/node-server sending the captured bytes (bench/suites/throughput/bare-server.ts), what the framework costs by itself; and a bare \`node:http\` server around the store's own page read (bench/suites/throughput/page-read-server.ts: \`listJson\` of the SQLite store, the page made into JSON by SQLite, with the captured headers), the floor of reading a page from the database. Creates are loaded by autocannon in the bench process, rounds alternating between the two targets, swapping which goes first. Figures are medians over rounds and count only answers of 200. Creates are durable: the service acknowledges after SQLite has synced its WAL (\`synchronous=FULL\`); every create answered 200 must show in the list total (which may hold a few more: requests still in flight when a run ended, done after autocannon stopped counting), and the total must be the same after the service is killed with SIGKILL and started again.`,
    '',
    '| load | target | req/s | latency p50 | latency p99 | 200 | not 200 or failed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...list.flat().map((r) => row('list', r)),
    ...createRounds.map((r) => row('create', r)),
  ];
}
