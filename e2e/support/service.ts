import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { makeTempDir } from '../../server/test-temp-root';

export interface RunningService {
  url: string;
  port: number;
  dataDir: string;
  adminKey: string;
  /** Stops the service and waits for it to exit. */
  stop: () => Promise<void>;
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

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`service at ${url} did not become healthy`);
}

/** The data folders startService made in this worker; removeMadeDataDirs deletes them. */
const madeDataDirs = new Set<string>();

function makeDataDir(): string {
  const dir = makeTempDir('tokendesk-e2e-own-');
  madeDataDirs.add(dir);
  return dir;
}

/**
 * Deletes every data folder startService made in this worker, once its services are stopped. A
 * spec may start a second service on the folder of one it stopped, so a service's own stop leaves
 * its folder; the worker's end removes them all.
 */
export function removeMadeDataDirs(): void {
  for (const dir of madeDataDirs) rmSync(dir, { recursive: true, force: true });
  madeDataDirs.clear();
}

/** A service of its own, for tests that stop, restart or empty it. */
export async function startService(
  options: {
    port?: number;
    dataDir?: string;
    adminKey?: string;
    env?: Record<string, string>;
    /** The service's error output joins the run's, so a service that fails says why. */
    showErrors?: boolean;
  } = {},
): Promise<RunningService> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? makeDataDir();
  const adminKey = options.adminKey ?? 'own-service-admin-key-abcdefghijklmnopqrstuvwxyz';
  const child = spawn(process.execPath, ['scripts/service.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_KEY: adminKey,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', options.showErrors ? 'inherit' : 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    port,
    dataDir,
    adminKey,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
