import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { progress } from './log';
import { runCommand } from './run-command';

const HOW = 'wrk not found: install it (apt-get install wrk on Debian, brew install wrk on macOS)';

function wrkRuns(): boolean {
  // wrk has no --version that exits 0: only whether it can be started is asked.
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * wrk, the load generator of the list: a C program on one thread of its own, faster than the
 * service, where a load generator in Node would compete with it. Debian's package is installed
 * when running as root; otherwise the run stops saying how to install it.
 */
export async function ensureWrk(): Promise<void> {
  if (wrkRuns()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) throw new Error(HOW);
  progress('installing wrk (apt-get install wrk)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runCommand('apt-get', ['update', '-qq'], { env });
    await runCommand('apt-get', ['install', '-y', '-qq', 'wrk'], { env });
  } catch {
    throw new Error(HOW);
  }
  if (!wrkRuns()) throw new Error(HOW);
}

/** What the bench's wrk scripts print at the end of a run, as one JSON line. */
interface WrkFigures {
  requests: number;
  durationUs: number;
  notOk: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
}

/** One wrk run's answers of 2xx a second, its counts and its latencies in ms. */
export interface WrkRound {
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

/**
 * One wrk run on one thread (wrk's single core leaves the other to the target on a 2-core
 * machine) of `script` against `url`, with the script's own arguments after `--`.
 */
export async function runWrk(
  script: string,
  url: string,
  options: { connections: number; seconds: number; scriptArgs: string[] },
): Promise<WrkRound> {
  let figures: WrkFigures | undefined;
  await runCommand(
    'wrk',
    [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '-s',
      script,
      url,
      '--',
      ...options.scriptArgs,
    ],
    {
      onLine: (line) => {
        if (line.startsWith('{')) figures = JSON.parse(line) as WrkFigures;
      },
    },
  );
  if (!figures) throw new Error('wrk printed no figures');
  // Only answers of 2xx count: wrk counts 3xx as well, and a refusal is not throughput.
  const ok = figures.requests - figures.notOk;
  return {
    perSecond: ok / (figures.durationUs / 1e6),
    ok,
    failed: figures.notOk + figures.socketErrors,
    p50: figures.p50Us / 1000,
    p99: figures.p99Us / 1000,
  };
}
