/**
 * `npm run bench [-- SUITE ...] [--tokens N] [--rounds N] [--seconds N]`: measures the dashboard
 * and the service against their goals, prints a table on stdout and writes bench/results.md.
 * Suites: bundle, lighthouse, throughput, throughput-postgres, verify, gateway, scale,
 * scale-postgres, webhooks, interaction (all by default). The -postgres suites start a throwaway PostgreSQL cluster, removed at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumVersion, ensureChromium } from './lib/browser';
import { cleanUp, makeTempDir } from './lib/cleanup';
import type { BenchContext, Settings } from './lib/context';
import { readCpuTimes, stolenShare } from './lib/cpu-steal';
import { buildDashboard } from './lib/dashboard-build';
import type { SuiteResult } from './lib/figures';
import { elapsedSeconds, progress } from './lib/log';
import { describeMachine } from './lib/machine';
import { RESULTS_FILE, WORK_DIR } from './lib/paths';
import { markdownReport, textTable, type RunSummary } from './lib/report';
import { bundleSuite } from './suites/bundle';
import { gatewaySuite } from './suites/gateway';
import { interactionSuite } from './suites/interaction';
import { lighthouseSuite } from './suites/lighthouse';
import { scaleSuite } from './suites/scale';
import { throughputSuite } from './suites/throughput';
import { throughputPostgresSuite } from './suites/throughput-postgres';
import { verifySuite } from './suites/verify';
import { webhooksSuite } from './suites/webhooks';

interface Suite {
  name: string;
  title: string;
  run: (context: BenchContext) => Promise<SuiteResult>;
}

const SUITES: Suite[] = [
  { name: 'bundle', title: 'Bundle', run: bundleSuite },
  { name: 'lighthouse', title: 'Lighthouse', run: lighthouseSuite },
  { name: 'throughput', title: 'Service throughput (SQLite)', run: throughputSuite },
  {
    name: 'throughput-postgres',
    title: 'Service throughput (PostgreSQL)',
    run: throughputPostgresSuite,
  },
  { name: 'verify', title: 'Verify', run: verifySuite },
  { name: 'gateway', title: 'Gateway (SQLite)', run: gatewaySuite },
  { name: 'scale', title: 'Scale (SQLite)', run: scaleSuite('sqlite') },
  { name: 'scale-postgres', title: 'Scale (PostgreSQL)', run: scaleSuite('postgres') },
  { name: 'webhooks', title: 'Webhooks', run: webhooksSuite },
  { name: 'interaction', title: 'Interaction', run: interactionSuite },
];

const USAGE = `usage: npm run bench [-- SUITE ...] [--tokens N] [--rounds N] [--seconds N]
suites: ${SUITES.map((suite) => suite.name).join(', ')} (all by default)
  --tokens N   tokens in the scale database (default 1000000)
  --rounds N   alternated rounds per target in the throughput, verify and gateway suites (default 3)
  --seconds N  seconds per round of those suites (default 10)`;

function readArguments(): { suites: Suite[]; settings: Settings } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      tokens: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '10' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const unknown = positionals.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')}`);
  const whole = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} must be a whole number ≥ 1`);
    return value;
  };
  return {
    suites: positionals.length
      ? SUITES.filter((suite) => positionals.includes(suite.name))
      : SUITES,
    settings: {
      scaleTokens: whole('tokens', values.tokens),
      rounds: whole('rounds', values.rounds),
      roundSeconds: whole('seconds', values.seconds),
    },
  };
}

function createContext(settings: Settings): BenchContext {
  const tempDir = makeTempDir('tokendesk-bench-');
  let build: Promise<string> | undefined;
  let browser: Promise<void> | undefined;
  return {
    settings,
    tempDir,
    dashboardDir: () =>
      (build ??= (async () => {
        progress('building the dashboard (vite build) into a folder of the bench');
        const dir = join(tempDir, 'dashboard');
        await buildDashboard(dir);
        return dir;
      })()),
    chromium: () =>
      (browser ??= (async () => {
        await ensureChromium();
        progress(`browser: ${chromiumVersion()}`);
      })()),
  };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof readArguments>;
  try {
    parsed = readArguments();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const date = new Date();
  mkdirSync(WORK_DIR, { recursive: true });
  const context = createContext(parsed.settings);
  const results: RunSummary['suites'] = [];
  let failed = false;
  const runStarted = readCpuTimes();
  for (const suite of parsed.suites) {
    progress(`${suite.name}: starting`);
    const started = readCpuTimes();
    let result: SuiteResult;
    try {
      result = await suite.run(context);
    } catch (error) {
      failed = true;
      // Playwright appends the browser's whole log to its errors: the first line says what failed.
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      progress(`${suite.name}: FAILED: ${message}`);
      const figure = {
        section: suite.title,
        name: 'suite failed',
        value: 'no result',
        goal: '—',
        anchor: '—',
        met: false,
        note: message,
      };
      result = { figures: [figure], details: [] };
    }
    results.push({ title: suite.title, result, stolen: stolenShare(started, readCpuTimes()) });
    progress(`${suite.name}: done`);
  }
  // An interrupted run's figures are incomplete: keep the last results.md as it was.
  if (interrupted) return 130;
  const args = process.argv.slice(2).join(' ');
  const report = markdownReport({
    date,
    command: `npm run bench${args ? ` -- ${args}` : ''}`,
    machine: describeMachine(),
    totalSeconds: elapsedSeconds(),
    stolen: stolenShare(runStarted, readCpuTimes()),
    suites: results,
    partial: parsed.suites.length < SUITES.length,
  });
  writeFileSync(RESULTS_FILE, report);
  process.stdout.write(`${textTable(results.flatMap(({ result }) => result.figures))}\n`);
  progress(`wrote ${RESULTS_FILE} in ${elapsedSeconds().toFixed(0)} s`);
  return failed ? 1 : 0;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    progress(`${signal}: stopping what the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exitCode = code;
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    await cleanUp();
    process.exitCode = 1;
  });
