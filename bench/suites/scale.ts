import { join } from 'node:path';
import type { TokenOrder } from '../../src/contract/token';
import type { BenchContext } from '../lib/context';
import { ENGINE_TITLES, newDatabase, type EngineName } from '../lib/engine';
import {
  atMost,
  count,
  info,
  MiB,
  ms,
  seconds,
  type Figure,
  type SuiteResult,
} from '../lib/figures';
import { progress } from '../lib/log';
import { startService } from '../lib/service';
import { median, percentile } from '../lib/stats';
import { coldStarts } from './scale/cold-start';
import { measureListing, PAGE_SIZE, type ListTimings, type Timing } from './scale/list-timings';
import { memoryUnderLoad, type MemoryUnderLoad } from './scale/memory-under-load';
import { seedDatabase } from './scale/seed';
import { measureUsage } from './scale/usage-timings';
import { measureAudit } from './scale/audit-timings';

const SEED_GOAL_S = 60;
const QUERY_GOAL_MS = 10;
/** A gateway asks for every request it serves: the check must be far below a model's latency. */
const VERIFY_GOAL_MS = 1;
const MEMORY_GOAL_KIB = 150 * 1024;
const COLD_START_GOAL_MS = 1000;
const USAGE_GOAL_MS = 50;
/** The dashboard asks for it with every visit to the list. */
const SUMMARY_GOAL_MS = 50;
/** A month of hourly sums, for the usage figures. */
const USAGE_DAYS = 30;
/** As many audit records as tokens: a million changes. */
const AUDIT_RECORDS = 1_000_000;

/** The scale measures on one engine; the figures' section names it. */
export function scaleSuite(engine: EngineName) {
  return (context: BenchContext) => scaleOn(engine, context);
}

async function scaleOn(engine: EngineName, context: BenchContext): Promise<SuiteResult> {
  const section = `Scale (${ENGINE_TITLES[engine]})`;
  const tokens = context.settings.scaleTokens;
  const database = await newDatabase(engine, join(context.tempDir, `scale-data-${engine}`));
  const name = `scale (${engine})`;

  progress(`${name}: npm run seed -- --count ${tokens}`);
  const seedSeconds = await seedDatabase(database, tokens);

  progress(`${name}: list, search and key lookups in-process`);
  const listing = await measureListing(database);

  progress(`${name}: npm run seed -- --count 0 --usage-days ${USAGE_DAYS}, then usage figures`);
  const usageSeedSeconds = await seedDatabase(database, 0, USAGE_DAYS);
  const usage = await measureUsage(database, tokens);

  const auditRecords = Math.min(AUDIT_RECORDS, tokens);
  progress(`${name}: npm run seed -- --count 0 --audit-records ${auditRecords}, then audit pages`);
  const auditSeedSeconds = await seedDatabase(database, 0, 0, auditRecords);
  const audit = await measureAudit(database);

  progress(`${name}: the service under a burst of list and search requests`);
  const service = await startService({ database });
  let memory: MemoryUnderLoad;
  try {
    memory = await memoryUnderLoad(service, listing.total);
  } finally {
    await service.stop();
  }

  progress(`${name}: cold starts`);
  const starts = await coldStarts(database);

  return {
    figures: [
      atMost(
        section,
        `seed ${count(tokens)} tokens (npm run seed)`,
        seedSeconds,
        SEED_GOAL_S,
        seconds,
        {
          note: 'wall clock from spawning npm to its exit',
        },
      ),
      ...[...listing.byOrder].map(([order, timings]) => orderFigure(section, order, timings)),
      searchFigure(section, 'name search (keyword), page of 100', listing.nameSearch),
      searchFigure(section, 'key search (token)', listing.keySearch),
      atMost(
        section,
        'verify, free check of a stored key, in-process (p99)',
        percentile(listing.verifyMs, 99),
        VERIFY_GOAL_MS,
        ms,
        {
          note: `p50 ${ms(median(listing.verifyMs))}; ${listing.verifyMs.length} verifies of 50 keys, with and without sk-, a model given, after 3 s of them untimed; store.verify called directly`,
        },
      ),
      ...(listing.roundTripMs.length > 0
        ? [
            info(
              section,
              'the store’s ping (SELECT 1), after each verify (p99)',
              ms(percentile(listing.roundTripMs, 99)),
              {
                note: `p50 ${ms(median(listing.roundTripMs))}; the round trip alone, which every verify makes: the floor of the row above, in the same moments`,
              },
            ),
          ]
        : []),
      atMost(
        section,
        'usage figures of one token, 90 days by day (p95)',
        percentile(usage.oneTokenMs, 95),
        USAGE_GOAL_MS,
        ms,
        {
          note: `p50 ${ms(median(usage.oneTokenMs))}; ${usage.oneTokenMs.length} tokens, busy and idle; store.usage called directly`,
        },
      ),
      atMost(
        section,
        'usage figures of all tokens with the top 10, 30 days by day (p95)',
        percentile(usage.allTokensMs, 95),
        USAGE_GOAL_MS,
        ms,
        {
          note: `p50 ${ms(median(usage.allTokensMs))}; ${usage.allTokensMs.length} calls; store.usage called directly`,
        },
      ),
      atMost(
        section,
        `audit page over ${count(auditRecords)} records (p95)`,
        percentile(audit.ms, 95),
        QUERY_GOAL_MS,
        ms,
        {
          note: `medians: ${audit.byPage.map(([page, median]) => `${page} ${ms(median)}`).join('; ')}; store.auditPage called directly`,
        },
      ),
      info(section, `seed ${count(auditRecords)} audit records`, seconds(auditSeedSeconds), {
        note: 'npm run seed -- --audit-records: updates, reveals and creates by four admin keys, a few tokens far more often (scripts/seed-audit.ts)',
      }),
      info(section, `seed ${USAGE_DAYS} days of hourly usage sums`, seconds(usageSeedSeconds), {
        note: 'npm run seed -- --usage-days: 1,000 of 10,000 regular tokens busy each hour, one or two models each (scripts/seed-usage.ts)',
      }),
      atMost(
        section,
        `summary (counts by status) over ${count(listing.total)} tokens`,
        median(listing.summaryMs),
        SUMMARY_GOAL_MS,
        ms,
        {
          note: `median of ${listing.summaryMs.length}, in-process; the strip above the dashboard’s list shows it`,
        },
      ),
      atMost(
        section,
        'service RSS after a burst of list/search requests',
        memory.afterKiB,
        MEMORY_GOAL_KIB,
        MiB,
        {
          note: `${MiB(memory.idleKiB)} right after the start; peak during the burst ${MiB(memory.peakKiB)}; ${memory.requests} requests in ${seconds(memory.seconds)}`,
        },
      ),
      atMost(
        section,
        'cold start to a healthy /healthz (median of 5)',
        median(starts),
        COLD_START_GOAL_MS,
        ms,
        {
          note: `includes Node’s start and loading the built service (dist-server/main.mjs); each: ${starts.map((s) => s.toFixed(0)).join(', ')} ms`,
        },
      ),
    ],
    details: detailsOf(engine, listing, tokens),
  };
}

const arrow = (order: TokenOrder) => (order.startsWith('-') ? `${order.slice(1)} ↓` : `${order} ↑`);

function orderFigure(section: string, order: TokenOrder, timings: Timing[]): Figure {
  const values = timings.map((timing) => timing.ms);
  const deepest = timings.reduce((a, b) => (b.page > a.page ? b : a));
  const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a));
  return atMost(
    section,
    `list page of ${PAGE_SIZE}, order ${arrow(order)} (p95)`,
    percentile(values, 95),
    QUERY_GOAL_MS,
    ms,
    {
      note: `p50 ${ms(median(values))}; slowest ${ms(slowest.ms)} at page ${count(slowest.page)}; deepest page ${count(deepest.page)} ${ms(deepest.ms)}`,
    },
  );
}

function searchFigure(section: string, name: string, timings: Timing[]): Figure {
  const values = timings.map((timing) => timing.ms);
  const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a));
  return atMost(section, `${name} (p95)`, percentile(values, 95), QUERY_GOAL_MS, ms, {
    note: `p50 ${ms(median(values))}; slowest ${ms(slowest.ms)} for “${slowest.label}” page ${slowest.page}; ${values.length} queries`,
  });
}

function detailsOf(engine: EngineName, listing: ListTimings, tokens: number): string[] {
  const byKeyword = new Map<string, Timing[]>();
  for (const timing of listing.nameSearch) {
    byKeyword.set(timing.label, [...(byKeyword.get(timing.label) ?? []), timing]);
  }
  return [
    `${ENGINE_TITLES[engine]}: ${
      engine === 'postgres'
        ? 'a database on a throwaway PostgreSQL cluster the bench starts from the installed server (server/store/test-postgres.ts: fsync on, shared_buffers 32 MB) on this machine, removed at the end;'
        : 'a database file in a temporary folder;'
    } ${count(tokens)} synthetic tokens made by \`npm run seed\`. List timings call the store’s \`list\` (server/store/${engine}/store.ts) directly in the bench process, each call from the parsed query to the page of tokens: per order, 40 pages of ${PAGE_SIZE} drawn log-uniformly from page 1 to the last (as many first pages as deep ones), after one untimed call that prepares the statement; name search: each keyword’s pages 1, 2, 5 and its last; key search: 100 lookups, four in five of a stored key (half with \`sk-\`), the rest unknown keys. Memory: the service (its own process) on that database, \`VmRSS\` from /proc after a burst of list (every order, pages 1, 100, 5,000), search, key and summary requests, 4 at a time; the peak is sampled every 20 ms and from \`VmHWM\`. Cold start: spawn of \`node dist-server/main.mjs\` (the build \`npm start\` runs) to the first 200 of \`/healthz\`, polled every 5 ms.`,
    '',
    '| keyword | matches | page 1 | page 2 | page 5 | last page |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...byKeyword].map(
      ([keyword, timings]) =>
        `| ${keyword} | ${count(timings[0]?.matches ?? 0)} | ${timings
          .map((timing, column) =>
            column === timings.length - 1
              ? `${ms(timing.ms)} (page ${count(timing.page)})`
              : ms(timing.ms),
          )
          .join(' | ')} |`,
    ),
  ];
}
