import { spawnTracked, stopChild } from '../../lib/cleanup';
import { REPO_ROOT } from '../../lib/paths';
import { captureResponse } from './capture';

export interface HelperServer {
  url: string;
  stop: () => Promise<void>;
}

/** One of this folder's servers, its own process; it prints its port. */
export async function startHelperServer(script: string, args: string[]): Promise<HelperServer> {
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', `bench/suites/throughput/${script}`, ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 2] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** bare-server.ts: node:http (or a one-route Hono app) replaying the captured answers. */
export function startBareServer(
  responsesFile: string,
  kind: 'bare' | 'hono' = 'bare',
): Promise<HelperServer> {
  return startHelperServer('bare-server.ts', [responsesFile, kind]);
}

/**
 * Stops the run unless the server measured beside the service answers each request as the
 * service does: the same status, headers and body, byte for byte.
 */
export async function requireSameAnswers(
  service: string,
  other: { name: string; url: string },
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string }>,
  headers: Record<string, string>,
): Promise<void> {
  for (const { method, path, body } of requests) {
    const [expected, answered] = await Promise.all(
      [service, other.url].map(async (url) => {
        const answer = await captureResponse(`${url}${path}`, method, headers, body);
        // Headers in any order; the body as text, to be read when they differ.
        return JSON.stringify({
          status: answer.status,
          headers: Object.entries(answer.headers).sort(),
          body: Buffer.from(answer.body, 'base64').toString(),
        });
      }),
    );
    if (answered !== expected) {
      throw new Error(
        `${other.name} answers ${method} ${path} otherwise than the service:\n${answered}\ninstead of\n${expected}`,
      );
    }
  }
}
