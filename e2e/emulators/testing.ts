/** Helpers for the emulators' own tests: plain HTTP calls and the standalone runner. */
import { spawn } from 'node:child_process';

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  /** The parsed body; undefined when it is not JSON. */
  json: Record<string, unknown> & { success?: boolean; message?: string; data?: unknown };
}

export interface CallOptions {
  body?: unknown;
  /** The whole Authorization header; null leaves it out. */
  auth?: string | null;
  headers?: Record<string, string>;
}

/** One request, redirects not followed, body parsed when it is JSON. */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions & { defaultAuth: string | null },
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = options.auth === undefined ? options.defaultAuth : options.auth;
  if (auth !== null) headers.Authorization = auth;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    redirect: 'manual',
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: Answer['json'];
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = undefined as unknown as Answer['json'];
  }
  return { status: response.status, text, headers: response.headers, json };
}

/**
 * Starts `script` with node --import tsx and `args`, waits for its first line on stdout and
 * returns it with a function that stops the process.
 */
export async function runStandalone(
  script: string,
  args: string[],
): Promise<{ line: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    child.kill('SIGTERM');
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
    });
    return { line, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
