/**
 * Shared by tests that run the service as people do: its build, dist-server/main.mjs (made
 * before the tests by server/test-global-setup.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from '../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LISTENING = /^Tokendesk listening on (http:\/\/127\.0\.0\.1:(\d+))/m;
const START_TIMEOUT_MS = 15_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export interface RunningService {
  child: ChildProcessWithoutNullStreams;
  url: string;
  port: number;
  stdout: () => string;
  exited: Promise<Exit>;
}

export interface Launch {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once the service prints the address it listens on; rejects if it exits first. */
  listening: Promise<RunningService>;
  exited: Promise<Exit>;
}

const launched: ChildProcessWithoutNullStreams[] = [];

/** PORT=0 lets the system pick a free port, read back from the printed line. */
export function launchService(env: Record<string, string>, args: string[] = []): Launch {
  const child = spawn(process.execPath, [SERVER_ENTRY, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  launched.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((done) =>
    child.on('exit', (code, signal) => done({ code, signal, stderr })),
  );
  const listening = new Promise<RunningService>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line; stdout: ${stdout} stderr: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', () => {
      const match = LISTENING.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], port: Number(match[2]), stdout: () => stdout, exited });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening: ${stderr}`));
    });
  });
  // Tests of failed starts await only `exited`; the rejection is theirs to ignore.
  listening.catch(() => {});
  return { child, listening, exited };
}

/** Kills every service a test started and left running. */
export function killLaunched(): void {
  for (const child of launched.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** A call to a launched service with the admin key: its envelope's data, or an error naming its status. */
export async function adminCall(
  service: RunningService,
  adminKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { message: string; data: unknown };
  if (response.status !== 200) throw new Error(`answer ${response.status}: ${envelope.message}`);
  return envelope.data;
}
