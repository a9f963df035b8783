import type { SpawnOptions } from 'node:child_process';
import { spawnTracked } from './cleanup';
import { REPO_ROOT } from './paths';

/**
 * Runs a command in the repository to its end, its output on stderr (stdout is the table's),
 * and fails when it does.
 */
export async function runCommand(
  command: string,
  args: string[],
  options: Pick<SpawnOptions, 'env'> & { onLine?: (line: string) => void } = {},
): Promise<void> {
  const child = spawnTracked(command, args, {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', options.onLine ? 'pipe' : 2, 2],
  });
  if (options.onLine) {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line);
    });
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}
