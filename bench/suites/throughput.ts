import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { authHeaders, createTokens, tokenTotal } from '../lib/api';
import { spawnTracked, stopChild } from '../lib/cleanup';
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
import { REPO_ROOT } from '../lib/paths';
import { startService } from '../lib/service';
import { median, sum } from '../lib/stats';
import { ensureWrk } from '../lib/wrk';
import { captureResponse } from './throughput/capture';
import { answerKey, type CapturedResponses } from './throughput/captured';
import {
  PAGES,
  PAGE_SIZE,
  pagePaths,
  pageRounds,
  ratioOf,
  type PageRounds,
} from './throughput/list-pages';

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
/** List rounds, each the service, the Hono app, the page-read server, then the bare server. */
const LIST_ROUNDS = 5;
const RATIO_GOAL = 0.5;
export const CREATE_GOAL = 2_000;

export interface Target {
  /**
   * bare: node:http sending the captured bytes; hono: a one-route Hono app sending them;
   * page-read: node:http around the store's own page read (throughput/page-read-server.ts).
   */
  name: 'service' | 'bare' | 'hono' | 'page-read';
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
    let list: PageRounds;
    let createRuns: { warmUp: Round[]; measured: Round[] };
    try {
      const ofService: Target = { name: 'service', url: service.url };
      const ofBare: Target = { name: 'bare', url: baseline.url };
      list = await measureList(ofService, ofBare, {
        responsesFile,
        dataDir: database.dataDir,
        authorization: `Bearer ${service.adminKey}`,
        seconds: roundSeconds,
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

/**
 * The list's rounds: the service, and beside it what bounds its ratio from above, the Hono app
 * sending the same bytes (the framework alone) and the page-read server (the store's read alone).
 */
async function measureList(
  service: Target,
  bare: Target,
  options: { responsesFile: string; dataDir: string; authorization: string; seconds: number },
): Promise<PageRounds> {
  const { responsesFile, dataDir, authorization, seconds } = options;
  const hono = await startBareServer(responsesFile, 'hono');
  const pageRead = await startHelperServer('page-read-server.ts', [responsesFile, dataDir]);
  try {
    progress(
      `throughput: list, pages 1 to ${PAGES} in turn, ${LIST_ROUNDS} rounds of ${seconds} s (service, hono, page-read, bare)`,
    );
    return await pageRounds(
      [service, { name: 'hono', url: hono.url }, { name: 'page-read', url: pageRead.url }],
      bare,
      authorization,
      { connections: CONNECTIONS, rounds: LIST_ROUNDS, seconds, warmUpSeconds: WARM_UP_SECONDS },
    );
  } finally {
    await Promise.all([hono.stop(), pageRead.stop()]);
  }
}

export function startBareServer(
  responsesFile: string,
  kind: 'bare' | 'hono' = 'bare',
): Promise<{ url: string; stop: () => Promise<void> }> {
  return startHelperServer('bare-server.ts', [responsesFile, kind]);
}

/** One of bench/suites/throughput/'s servers, its own process; it prints its port. */
async function startHelperServer(
  script: string,
  args: string[],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', `bench/suites/throughput/${script}`, ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 2] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
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

function figuresOf(list: PageRounds, createRounds: Round[], durability: Durability): Figure[] {
  const createService = medianOf(createRounds, 'service');
  const createBare = medianOf(createRounds, 'bare');
  const { acknowledged, failed, stored, afterCrash, inFlightAtEnd } = durability;
  const kept =
    stored >= acknowledged && stored - acknowledged <= inFlightAtEnd && afterCrash === stored;
  return [
    info(
      SECTION,
      `list GET /api/token/?p=1…${PAGES}&size=${PAGE_SIZE} in turn, service`,
      perSecond(medianOf(list.rounds, 'service')),
    ),
    info(
      SECTION,
      'list, bare node:http sending the same bytes',
      perSecond(medianOf(list.rounds, 'bare')),
    ),
    info(
      SECTION,
      'list, a one-route Hono app sending the same bytes',
      perSecond(medianOf(list.rounds, 'hono')),
      { note: `ratio to bare ${ratio(ratioOf(list, 'hono'))}: what the framework costs by itself` },
    ),
    info(
      SECTION,
      'list, node:http around the store’s page read alone',
      perSecond(medianOf(list.rounds, 'page-read')),
      {
        note: `ratio to bare ${ratio(ratioOf(list, 'page-read'))}: no framework, no key check, no query parsing; the most a server reading each page from the database reaches here`,
      },
    ),
    atLeast(SECTION, 'list, ratio service / bare', ratioOf(list, 'service'), RATIO_GOAL, ratio, {
      note: `median of ${LIST_ROUNDS} rounds: ${(list.ratios.get('service') ?? []).map(ratio).join(', ')}`,
    }),
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

function detailsOf(list: PageRounds, createRounds: Round[], seconds: number): string[] {
  const row = (label: string, r: Round) =>
    `| ${label} | ${r.target} | ${perSecond(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${count(r.ok)} | ${count(r.failed)} |`;
  return [
    `${CONNECTIONS} connections over loopback, ${seconds} s per round after a ${WARM_UP_SECONDS} s warm-up of each target. The service runs as its own process (\`node dist-server/main.mjs\`, its build as \`npm start\` runs it, on a fresh database in a temporary folder, ${SEEDED} tokens); the baseline is a bare \`node:http\` server, also its own process (bench/suites/throughput/bare-server.ts, compiled by tsx as it loads), answering each request with the status, headers and body captured from the service's real answer to it (no compression: neither load generator sends Accept-Encoding). The list is loaded by wrk on one thread (bench/suites/throughput/cycle-pages.lua), asking for pages 1 to ${PAGES} of ${PAGE_SIZE} in turn, so that no one page is asked again and again; ${LIST_ROUNDS} rounds, each of the service, two servers that bound its ratio from above, then the bare server, and each ratio is the median of the rounds' ratios to the bare server. The two bounds: a Hono app of one route on @hono/node-server sending the captured bytes (bench/suites/throughput/bare-server.ts), what the framework costs by itself; and a bare \`node:http\` server around the store's own page read (bench/suites/throughput/page-read-server.ts: \`listJson\` of the SQLite store on the service's database, the same read transaction, kept total, reset check and page made into JSON by SQLite, with the captured headers), what reading a page from the database costs by itself. Creates are loaded by autocannon in the bench process, rounds alternating between the two targets, swapping which goes first. Figures are medians over rounds and count only answers of 200. Creates are durable: the service acknowledges after SQLite has synced its WAL (\`synchronous=FULL\`); every create answered 200 must show in the list total (which may hold a few more: requests still in flight when a run ended, done after autocannon stopped counting), and the total must be the same after the service is killed with SIGKILL and started again.`,
    '',
    '| load | target | req/s | latency p50 | latency p99 | 200 | not 200 or failed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...list.rounds.map((r) => row('list', r)),
    ...createRounds.map((r) => row('create', r)),
  ];
}
