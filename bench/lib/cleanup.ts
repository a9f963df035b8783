import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Everything the bench starts or creates is registered here, so that it is stopped and removed
 * on a normal end, on a failure and on Ctrl-C alike.
 */
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const closers = new Set<() => Promise<void>>();

const STOP_GRACE_MS = 5_000;

/** A child in its own process group, so that a wrapper (npm, sh) and what it runs stop together. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Registers an asynchronous closer (a browser, a connection); returns its unregistration. */
export function onCleanup(close: () => Promise<void>): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already gone.
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}

/** SIGKILL, as a crash would end it; resolves once the child has exited. */
export function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    signalGroup(child, 'SIGKILL');
  });
}

function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export async function cleanUp(): Promise<void> {
  for (const close of [...closers].reverse()) {
    try {
      await Promise.race([close(), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
    } catch {
      // Best effort: the process is ending anyway.
    }
  }
  closers.clear();
  await Promise.all([...children].map(stopChild));
  removeTempDirs();
}

// Last resort when the bench exits without cleanUp() (an uncaught error): nothing may outlive it.
process.once('exit', () => {
  for (const child of children) signalGroup(child, 'SIGKILL');
  removeTempDirs();
});
