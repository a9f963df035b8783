import { spawnTracked, stopChild } from '../../lib/cleanup';
import { REPO_ROOT } from '../../lib/paths';

export interface Helper {
  url: string;
  stop: () => Promise<void>;
}

/** One of bench/suites/gateway/'s servers, its own process; it prints its port. */
export async function startHelper(script: string, args: string[] = []): Promise<Helper> {
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', `bench/suites/gateway/${script}`, ...args],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 2] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
