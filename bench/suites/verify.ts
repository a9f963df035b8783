import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authHeaders, settled } from '../lib/api';
import type { BenchContext } from '../lib/context';
import type { BenchDatabase } from '../lib/engine';
import { newPostgresDatabase } from '../lib/engine';
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
import { startService, type RunningService } from '../lib/service';
import { sum } from '../lib/stats';
import {
  CONNECTIONS,
  WARM_UP_SECONDS,
  alternate,
  hit,
  medianOf,
  type Load,
  type Round,
} from './throughput';
import { captureResponse } from './throughput/capture';
import { answerKey } from './throughput/captured';
import {
  requireSameAnswers,
  startBareServer,
  startHelperServer,
} from './throughput/helper-servers';
import { inRounds, medianRatio, roundRatios } from './throughput/round-ratios';

const VERIFY_PATH = '/api/token/verify';
/** Gateways verify many keys: charged verifies go round this many tokens. */
const TOKENS = 100;
const GIVEN = 1_000_000_000_000;
/** The service answers at least as many free checks a second as the simplest correct server. */
const PLAIN_GOAL = 1;
const CHARGED_GOAL = 3_000;

interface Charged {
  rounds: Round[];
  /** Units charged by verifies answered 200 (each charges 1). */
  acknowledged: number;
  /** used_quota over the tokens, before and after a SIGKILL and restart. */
  used: number;
  usedAfterCrash: number;
  inFlightAtEnd: number;
}

async function createKeys(service: RunningService): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < TOKENS; i += 1) {
    const response = await fetch(`${service.url}/api/token/`, {
      method: 'POST',
      headers: { ...authHeaders(service), 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Gateway key ${i + 1}`, remain_quota: GIVEN }),
    });
    keys.push(((await response.json()) as { data: { key: string } }).data.key);
  }
  return keys;
}

async function usedQuota(service: RunningService): Promise<number> {
  const response = await fetch(`${service.url}/api/token/?size=100`, {
    headers: authHeaders(service),
  });
  const page = (await response.json()) as { data: { items: Array<{ used_quota: number }> } };
  return sum(page.data.items.map((token) => token.used_quota));
}

/** Charged verifies (cost 1) round the tokens, then a SIGKILL: every acknowledged unit is kept. */
async function chargedRounds(
  database: BenchDatabase,
  service: RunningService,
  keys: string[],
  rounds: number,
  seconds: number,
): Promise<{ charged: Charged; service: RunningService }> {
  const load: Load = {
    method: 'POST',
    path: VERIFY_PATH,
    headers: { ...authHeaders(service), 'content-type': 'application/json' },
    bodies: keys.map((key) => JSON.stringify({ key, model: 'gpt-4o-mini', cost: 1 })),
  };
  const target = { name: 'service' as const, url: service.url };
  const warmUp = await hit(target, load, WARM_UP_SECONDS);
  const measured: Round[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const result = await hit(target, load, seconds);
    progress(`  charged verify: ${perSecond(result.perSecond)}`);
    measured.push(result);
  }
  // Verifies the service had read when the load stopped still finish: wait for the last of them.
  const used = await settled(() => usedQuota(service), 500);
  await service.crash();
  const restarted = await startService({ database });
  return {
    charged: {
      rounds: measured,
      acknowledged: sum([warmUp, ...measured].map((run) => run.ok)),
      used,
      usedAfterCrash: await usedQuota(restarted),
      inFlightAtEnd: CONNECTIONS * (measured.length + 1),
    },
    service: restarted,
  };
}

function keptNote(charged: Charged): string {
  const { acknowledged, used, usedAfterCrash, inFlightAtEnd } = charged;
  const kept =
    used >= acknowledged && used - acknowledged <= inFlightAtEnd && usedAfterCrash === used;
  return kept
    ? `all ${count(acknowledged)} acknowledged charges are in used_quota, also after a SIGKILL and restart`
    : `NOT KEPT: ${count(acknowledged)} acknowledged, used_quota ${count(used)}, ${count(usedAfterCrash)} after a SIGKILL and restart`;
}

/**
 * Verify as gateways call it: the free check against the simplest correct server doing the same
 * on the same database (and, for reference, servers sending the same bytes), and durable charged
 * verifies per second, on SQLite and on PostgreSQL.
 */
export async function verifySuite(context: BenchContext): Promise<SuiteResult> {
  const { rounds, roundSeconds } = context.settings;
  const figures: Figure[] = [];
  const details: string[] = [
    `autocannon in the bench process, ${CONNECTIONS} connections over loopback, ${roundSeconds} s per round after a ${WARM_UP_SECONDS} s warm-up; the service is \`node dist-server/main.mjs\` on a fresh database with ${TOKENS} tokens. The free check (\`cost\` 0, a model given) of one key alternates with the simplest correct server (bench/suites/throughput/plain-verify-server.ts: \`node:http\` on the same SQLite file, the admin key checked as the service checks it, the body validated by the contract's schema, the token found by its key's digest, the contract's checks, \`JSON.stringify\`; it must first answer a stored key, one with \`sk-\` and an unknown one byte for byte as the service does; it notes no last use and no usage figures, which the service does), and, for reference, with a bare \`node:http\` server and a one-route Hono app replaying the service's captured answer (bench/suites/throughput/bare-server.ts); a ratio is the median of the rounds' ratios; charged verifies (\`cost\` 1) go round the ${TOKENS} keys, each acknowledged after its charge is committed to disk, and the sum of \`used_quota\` must hold every acknowledged charge, also after the service is killed with SIGKILL and started again. Medians over rounds; only answers of 200 count.`,
    '',
    '| engine | load | target | req/s | latency p50 | latency p99 |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const row = (engine: string, load: string, r: Round) =>
    `| ${engine} | ${load} | ${r.target} | ${perSecond(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} |`;

  // SQLite: the free check against the simplest correct server, then charged verifies.
  const sqlite: BenchDatabase = { engine: 'sqlite', dataDir: join(context.tempDir, 'verify-data') };
  let service = await startService({ database: sqlite });
  try {
    const keys = await createKeys(service);
    const headers = { ...authHeaders(service), 'content-type': 'application/json' };
    const free: Load = {
      method: 'POST',
      path: VERIFY_PATH,
      headers,
      body: JSON.stringify({ key: keys[0], model: 'gpt-4o-mini' }),
    };
    const file = join(context.tempDir, 'captured-verify.json');
    writeFileSync(
      file,
      JSON.stringify({
        [answerKey('POST', VERIFY_PATH)]: await captureResponse(
          `${service.url}${VERIFY_PATH}`,
          'POST',
          headers,
          free.body,
        ),
      }),
    );
    const plain = await startHelperServer('plain-verify-server.ts', [
      sqlite.dataDir,
      service.adminKey,
      file,
    ]);
    const bare = await startBareServer(file);
    const hono = await startBareServer(file, 'hono');
    const targets = [
      { name: 'service' as const, url: service.url },
      { name: 'plain' as const, url: plain.url },
      { name: 'bare' as const, url: bare.url },
      { name: 'hono' as const, url: hono.url },
    ];
    let freeRounds: Round[][];
    try {
      await requireSameAnswers(
        service.url,
        { name: 'plain-verify-server.ts', url: plain.url },
        [keys[0], `sk-${keys[1]}`, 'sk-unknown'].map((key) => ({
          method: 'POST' as const,
          path: VERIFY_PATH,
          body: JSON.stringify({ key, model: 'gpt-4o-mini' }),
        })),
        headers,
      );
      progress(`verify: free check, ${rounds} alternated rounds of ${roundSeconds} s per target`);
      const { measured } = await alternate(targets, free, rounds, roundSeconds);
      freeRounds = inRounds(measured, targets.length);
    } finally {
      await Promise.all([plain.stop(), bare.stop(), hono.stop()]);
    }
    progress(`verify: charged, ${rounds} rounds of ${roundSeconds} s`);
    const run = await chargedRounds(sqlite, service, keys, rounds, roundSeconds);
    service = run.service;
    const section = 'Verify (SQLite)';
    const every = freeRounds.flat();
    const toBare = (target: Round['target']) => ratio(medianRatio(freeRounds, target, 'bare'));
    figures.push(
      info(
        section,
        `free check POST ${VERIFY_PATH} (cost 0), service`,
        perSecond(medianOf(every, 'service')),
      ),
      info(
        section,
        'free check, the simplest correct server: node:http, the key looked up by its digest',
        perSecond(medianOf(every, 'plain')),
        { note: 'bench/suites/throughput/plain-verify-server.ts' },
      ),
      atLeast(
        section,
        'free check, ratio service / simplest correct server',
        medianRatio(freeRounds, 'service', 'plain'),
        PLAIN_GOAL,
        ratio,
        {
          note: `median of ${freeRounds.length} rounds: ${roundRatios(freeRounds, 'service', 'plain').map(ratio).join(', ')}`,
        },
      ),
      info(
        section,
        'free check, bare node:http sending the same bytes',
        perSecond(medianOf(every, 'bare')),
        {
          note: `reference: the service answers ${toBare('service')} of it`,
        },
      ),
      info(
        section,
        'free check, a one-route Hono app sending the same bytes',
        perSecond(medianOf(every, 'hono')),
        {
          note: `reference: ${toBare('hono')} of the bare server, what the framework costs by itself`,
        },
      ),
      atLeast(
        section,
        'charged verifies (cost 1, durable) per second',
        medianOf(run.charged.rounds, 'service'),
        CHARGED_GOAL,
        perSecond,
        { note: keptNote(run.charged) },
      ),
    );
    details.push(
      ...freeRounds.flat().map((r) => row('SQLite', 'free check', r)),
      ...run.charged.rounds.map((r) => row('SQLite', 'charged', r)),
    );
  } finally {
    await service.stop();
  }

  // PostgreSQL: charged verifies, reported.
  const postgres = await newPostgresDatabase(join(context.tempDir, 'verify-postgres'));
  service = await startService({ database: postgres });
  try {
    const keys = await createKeys(service);
    progress(`verify (postgres): charged, ${rounds} rounds of ${roundSeconds} s`);
    const run = await chargedRounds(postgres, service, keys, rounds, roundSeconds);
    service = run.service;
    figures.push(
      info(
        'Verify (PostgreSQL)',
        'charged verifies (cost 1, durable) per second, one instance',
        perSecond(medianOf(run.charged.rounds, 'service')),
        { note: keptNote(run.charged) },
      ),
    );
    details.push(...run.charged.rounds.map((r) => row('PostgreSQL', 'charged', r)));
  } finally {
    await service.stop();
  }
  return { figures, details };
}
