import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';
import { databaseEnv, type BenchDatabase } from './engine';
import { killChild, spawnTracked, stopChild } from './cleanup';
import { progress } from './log';
import { REPO_ROOT } from './paths';

export const BENCH_ADMIN_KEY = 'bench-admin-key-0123456789abcdefghijklmnop';
const HEALTHY_WITHIN_MS = 60_000;

export interface RunningService {
  url: string;
  pid: number;
  adminKey: string;
  /** Milliseconds from spawn to the first 200 of /healthz. */
  startupMs: number;
  stop: () => Promise<void>;
  /** Ends it with SIGKILL: no shutdown code runs, as in a crash. */
  crash: () => Promise<void>;
}

export interface ServiceOptions {
  database: BenchDatabase;
  /** The built dashboard to serve; the service answers without one too. */
  dashboardDir?: string;
  /** How often to ask /healthz while starting: small when the start itself is measured. */
  pollMs?: number;
  /** More settings, e.g. WEBHOOK_ALLOW_PRIVATE for a receiver on loopback. */
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let built: string | undefined;

/** The service's build (`node dist-server/main.mjs`, as `npm start` runs it), made once per run. */
function serviceEntry(): string {
  if (built === undefined) {
    progress('building the service (scripts/build-server.mjs --force)');
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--force'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    built = ensureServerBuilt();
  }
  return built;
}

/** The service as it runs in production: its own process, from its build, on loopback. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const entry = serviceEntry();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawnTracked(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...databaseEnv(options.database),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_KEY: BENCH_ADMIN_KEY,
      ...(options.dashboardDir ? { DASHBOARD_DIR: options.dashboardDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForHealth(url, child, options.pollMs ?? 50);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}${stderr ? `: ${stderr.trim()}` : ''}`, {
      cause: error,
    });
  }
  if (child.pid === undefined) throw new Error('the service has no process id');
  return {
    url,
    pid: child.pid,
    adminKey: BENCH_ADMIN_KEY,
    startupMs: performance.now() - started,
    stop: () => stopChild(child),
    crash: () => killChild(child),
  };
}

async function waitForHealth(url: string, child: ChildProcess, pollMs: number): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the service at ${url} was not healthy within ${HEALTHY_WITHIN_MS / 1000} s`);
}

export interface ProcessMemory {
  rssKiB: number;
  /** The highest resident size so far (VmHWM), when the system reports it. */
  peakKiB: number | null;
}

export function processMemory(pid: number): ProcessMemory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssKiB: field('VmRSS'), peakKiB: field('VmHWM') };
  } catch {
    // No /proc (macOS): ps reports the resident size only.
    const rss = Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    );
    return { rssKiB: rss, peakKiB: null };
  }
}
