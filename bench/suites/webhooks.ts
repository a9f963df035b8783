import { join } from 'node:path';
import { authHeaders, settled, tokenTotal } from '../lib/api';
import type { BenchContext } from '../lib/context';
import type { BenchDatabase } from '../lib/engine';
import {
  atLeast,
  atMost,
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
import { median, sum } from '../lib/stats';
import { seedDatabase } from './scale/seed';
import {
  CONNECTIONS,
  CREATE_BODY,
  CREATE_PATH,
  WARM_UP_SECONDS,
  hit,
  type Round,
} from './throughput';
import { startCountingReceiver } from './webhooks/counting-receiver';
import { timePeriodicLook } from './webhooks/periodic-look';
import { writeBacklog } from './webhooks/backlog';

const SECTION = 'Webhooks (SQLite)';
const RATIO_GOAL = 0.8;
const DELIVERED_GOAL = 1_000;
const LOOK_GOAL_MS = 20;
/** How long the events may take to reach the receiver once the creates stop. */
const DRAIN_LIMIT_MS = 120_000;
/** Events waiting when the service starts, for the delivery rate. */
const BACKLOG = 10_000;

async function addEndpoint(service: RunningService, url: string): Promise<void> {
  const response = await fetch(`${service.url}/api/webhook/`, {
    method: 'POST',
    headers: { ...authHeaders(service), 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['*'] }),
  });
  if (response.status !== 200) throw new Error(`adding the endpoint: ${await response.text()}`);
}

/**
 * What webhooks cost and how fast they go: creates per second on a service with one endpoint
 * subscribed to every event against one with none, rounds alternated; the events of those
 * creates delivered to a receiver in the bench process; and the periodic look on a database of
 * `--tokens` tokens.
 */
export async function webhooksSuite(context: BenchContext): Promise<SuiteResult> {
  const { rounds, roundSeconds, scaleTokens } = context.settings;
  const database = (name: string): BenchDatabase => ({
    engine: 'sqlite',
    dataDir: join(context.tempDir, name),
  });
  const receiver = await startCountingReceiver();
  const plain = await startService({ database: database('webhooks-none') });
  const hooked = await startService({
    database: database('webhooks-one'),
    env: { WEBHOOK_ALLOW_PRIVATE: '1' },
  });
  const measured: Array<Round & { hooked: boolean }> = [];
  const timing = { loadEnded: 0, created: 0 };
  try {
    await addEndpoint(hooked, receiver.url);
    const load = (service: RunningService) => ({
      method: 'POST' as const,
      path: CREATE_PATH,
      headers: { ...authHeaders(service), 'content-type': 'application/json' },
      body: CREATE_BODY,
    });
    for (const service of [plain, hooked]) {
      await hit({ name: 'service', url: service.url }, load(service), WARM_UP_SECONDS);
    }
    progress(`webhooks: creates, ${rounds} alternated rounds of ${roundSeconds} s per service`);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [plain, hooked] : [hooked, plain];
      for (const service of order) {
        const result = await hit(
          { name: 'service', url: service.url },
          load(service),
          roundSeconds,
        );
        progress(
          `  ${service === hooked ? 'one endpoint' : 'no webhooks'}: ${perSecond(result.perSecond)}`,
        );
        measured.push({ ...result, hooked: service === hooked });
      }
    }
    timing.loadEnded = performance.now();
    // Every create stored, those still in flight when a run's time was up included: each has its
    // event, though the load generator counted no answer for it.
    timing.created = await settled(() => tokenTotal(hooked), 200);
    const deadline = timing.loadEnded + DRAIN_LIMIT_MS;
    while (receiver.ids.size < timing.created && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await Promise.all([plain.stop(), hooked.stop()]);
    await receiver.stop();
  }

  const rate = (hookedRounds: boolean) =>
    median(measured.filter((r) => r.hooked === hookedRounds).map((r) => r.perSecond));
  const withEndpoint = rate(true);
  const without = rate(false);
  const { arrivals } = receiver;
  const { created } = timing;
  const span = (arrivals.at(-1)! - arrivals[0]!) / 1000;
  const delivered = receiver.ids.size;
  const drainMs = Math.max(0, arrivals.at(-1)! - timing.loadEnded);

  progress(`webhooks: ${count(BACKLOG)} events waiting, then the service started to send them`);
  const backlogReceiver = await startCountingReceiver();
  const backlog = database('webhooks-backlog');
  await writeBacklog(backlog, backlogReceiver.url, BACKLOG);
  const sender = await startService({ database: backlog, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  try {
    const deadline = performance.now() + DRAIN_LIMIT_MS;
    while (backlogReceiver.ids.size < BACKLOG && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await sender.stop();
    await backlogReceiver.stop();
  }
  const drained = backlogReceiver.ids.size;
  const drainSeconds = (backlogReceiver.arrivals.at(-1)! - backlogReceiver.arrivals[0]!) / 1000;

  progress(`webhooks: seeding ${count(scaleTokens)} tokens for the periodic look`);
  const seeded = database('webhooks-look');
  await seedDatabase(seeded, scaleTokens);
  const look = await timePeriodicLook(seeded);

  const figures: Figure[] = [
    info(SECTION, `creates per second, no webhooks`, perSecond(without)),
    info(
      SECTION,
      `creates per second, one endpoint subscribed to every event`,
      perSecond(withEndpoint),
    ),
    atLeast(
      SECTION,
      'creates with one endpoint ÷ creates without webhooks',
      withEndpoint / without,
      RATIO_GOAL,
      ratio,
    ),
    atLeast(
      SECTION,
      'events delivered per second to a local receiver',
      drained / drainSeconds,
      DELIVERED_GOAL,
      perSecond,
      {
        note: `${count(drained)} of ${count(BACKLOG)} events waiting at the start, sent in ${drainSeconds.toFixed(1)} s`,
      },
    ),
    info(
      SECTION,
      'events of the creates above delivered',
      `${count(delivered)} of ${count(created)}`,
      {
        note: `at ${perSecond(delivered / span)} while the creates ran; the last ${ms(drainMs)} after they stopped`,
      },
    ),
    atMost(
      SECTION,
      `the periodic look at ${count(scaleTokens)} tokens, median`,
      look.medianMs,
      LOOK_GOAL_MS,
      ms,
      {
        note: `p95 ${ms(look.p95Ms)}; the first look, which records every token expiring within 7 days, ${ms(look.firstMs)}`,
      },
    ),
  ];
  const details = [
    `The service is \`node dist-server/main.mjs\` on a fresh SQLite database, twice: one with no webhook endpoint, one with an endpoint subscribed to every event (WEBHOOK_ALLOW_PRIVATE=1), whose receiver is a \`node:http\` server in the bench process answering 204 at once. autocannon, ${CONNECTIONS} connections over loopback, creates tokens (\`POST ${CREATE_PATH}\`, each acknowledged after its commit, with its audit record, its event and its delivery in the same transaction), ${roundSeconds} s per round after a ${WARM_UP_SECONDS} s warm-up of each, rounds alternated; medians over rounds. The deliverer sends while the creates run, in the same process, with fewer deliveries in flight while the process is saturated. Events delivered per second: ${count(BACKLOG)} creates with an endpoint are written into a fresh database by the store in the bench process, then the service is started on it, and the distinct \`webhook-id\`s the receiver gets are counted from the first to the last. The periodic look runs in the bench process on a database of ${count(scaleTokens)} tokens made by \`npm run seed\` (half of them with an expiry), ${30} looks a minute apart after the first.`,
    '',
    '| round | service | creates/s | latency p50 | latency p99 |',
    '| --- | --- | --- | --- | --- |',
    ...measured.map(
      (r, i) =>
        `| ${Math.floor(i / 2) + 1} | ${r.hooked ? 'one endpoint' : 'no webhooks'} | ${perSecond(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} |`,
    ),
    '',
    `Creates stored on the service with the endpoint (its token list's total, with those still in flight when a run's time was up): ${count(created)}; events received: ${count(sum(arrivals.map(() => 1)))} (${count(delivered)} distinct).`,
  ];
  return { figures, details };
}
