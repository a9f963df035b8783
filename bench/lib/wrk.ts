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
