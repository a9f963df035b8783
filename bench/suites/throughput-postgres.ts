import { join } from 'node:path';
import autocannon from 'autocannon';
import { authHeaders, settled, tokenTotal } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { newPostgresDatabase } from '../lib/engine';
import { atLeast, count, info, ms, perSecond, ratio, type SuiteResult } from '../lib/figures';
import { progress } from '../lib/log';
import { startService, type RunningService } from '../lib/service';
import { median, sum } from '../lib/stats';
import { CONNECTIONS, CREATE_BODY, CREATE_GOAL, CREATE_PATH, WARM_UP_SECONDS } from './throughput';

const SECTION = 'Throughput (PostgreSQL)';

interface Round {
  instances: 1 | 2;
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

/**
 * Durable creates through the service on PostgreSQL: one instance, then two instances of the
 * service on the same database sharing the same connections between them, rounds alternated.
 */
export async function throughputPostgresSuite(context: BenchContext): Promise<SuiteResult> {
  const { rounds, roundSeconds } = context.settings;
  const database = await newPostgresDatabase(join(context.tempDir, 'throughput-postgres-data'));
  let services: RunningService[] = [
    await startService({ database }),
    await startService({ database }),
  ];
  try {
    const [first] = services as [RunningService, RunningService];
    const before = await tokenTotal(first);
    const all: Round[] = [];
    for (const instances of [1, 2] as const) {
      all.push(await createRound(services.slice(0, instances), instances, WARM_UP_SECONDS));
    }
    const measured: Round[] = [];
    progress(
      `throughput (postgres): create, ${rounds} alternated rounds of ${roundSeconds} s, one instance and two`,
    );
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const);
      for (const instances of order) {
        const result = await createRound(services.slice(0, instances), instances, roundSeconds);
        progress(`  POST, ${instances} instance(s): ${perSecond(result.perSecond)}`);
        measured.push(result);
      }
    }
    all.push(...measured);

    const stored = (await settled(() => tokenTotal(first), 250)) - before;
    // No shutdown code runs on SIGKILL: what was acknowledged must already be in the database.
    await Promise.all(services.map((service) => service.crash()));
    services = [await startService({ database })];
    const afterCrash = (await tokenTotal(services[0] as RunningService)) - before;
    const acknowledged = sum(all.map((run) => run.ok));
    const failed = sum(all.map((run) => run.failed));
    const inFlightAtEnd = CONNECTIONS * all.length;
    const kept =
      stored >= acknowledged && stored - acknowledged <= inFlightAtEnd && afterCrash === stored;

    const one = medianOf(measured, 1);
    const two = medianOf(measured, 2);
    return {
      figures: [
        atLeast(
          SECTION,
          `create POST ${CREATE_PATH}, one instance (durable creates/s)`,
          one,
          CREATE_GOAL,
          perSecond,
          {
            note: [
              failed === 0
                ? 'every request answered 200'
                : `${count(failed)} requests did not get a 200`,
              kept
                ? `all ${count(acknowledged)} acknowledged creates (both figures) are stored, also after a SIGKILL of every instance and a restart`
                : `NOT KEPT: ${count(acknowledged)} acknowledged, the total grew by ${count(stored)}, by ${count(afterCrash)} after a SIGKILL and restart`,
            ].join('; '),
          },
        ),
        info(SECTION, 'create, two instances on the same database (creates/s)', perSecond(two), {
          note: `two instances / one ${ratio(two / one)}; the database server shares the machine’s cores with both`,
        }),
      ],
      details: [
        `PostgreSQL: a database on a throwaway cluster the bench starts from the installed server (server/store/test-postgres.ts: fsync on, shared_buffers 32 MB) on this machine, so the database, the service instances and autocannon share its cores. Each instance is \`node dist-server/main.mjs\` with DATABASE_URL (its default pool of connections); a create is acknowledged after its transaction has committed (synchronous_commit on). ${CONNECTIONS} autocannon connections in all: against one instance, or ${CONNECTIONS / 2} against each of two started on the same database; ${roundSeconds} s per round after a ${WARM_UP_SECONDS} s warm-up of each, rounds alternated, medians over rounds, only answers of 200 counted. Every acknowledged create must show in the total, also after every instance is killed with SIGKILL and one is started again.`,
        '',
        '| instances | creates/s | latency p50 | latency p99 | 200 | not 200 or failed |',
        '| --- | --- | --- | --- | --- | --- |',
        ...measured.map(
          (r) =>
            `| ${r.instances} | ${perSecond(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${count(r.ok)} | ${count(r.failed)} |`,
        ),
      ],
    };
  } finally {
    await Promise.all(services.map((service) => service.stop()));
  }
}

const medianOf = (rounds: Round[], instances: 1 | 2) =>
  median(rounds.filter((round) => round.instances === instances).map((round) => round.perSecond));

/** Creates through the given instances at once, the connections split evenly between them. */
async function createRound(
  targets: RunningService[],
  instances: 1 | 2,
  seconds: number,
): Promise<Round> {
  const results = await Promise.all(
    targets.map((service) =>
      autocannon({
        url: `${service.url}${CREATE_PATH}`,
        method: 'POST',
        headers: { ...authHeaders(service), 'content-type': 'application/json' },
        body: CREATE_BODY,
        connections: CONNECTIONS / targets.length,
        duration: seconds,
      }),
    ),
  );
  const ok = sum(results.map((result) => result.statusCodeStats['200']?.count ?? 0));
  const duration = Math.max(...results.map((result) => result.duration));
  return {
    instances,
    perSecond: ok / duration,
    ok,
    failed: sum(results.map((result) => result.non2xx + result.errors + result.timeouts)),
    // Latencies of the busier half when split: a fair single figure would need the raw samples.
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
}
