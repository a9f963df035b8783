import { runCommand } from '../../lib/run-command';
import { progress } from '../../lib/log';

/** `npm run seed -- --count N` into dataDir, as a person would run it; returns seconds. */
export async function seedDatabase(dataDir: string, tokens: number): Promise<number> {
  const started = performance.now();
  await runCommand('npm', ['run', '--silent', 'seed', '--', '--count', String(tokens)], {
    env: { ...process.env, DATA_DIR: dataDir },
    onLine: (line) => progress(`  seed: ${line}`),
  });
  return (performance.now() - started) / 1000;
}
