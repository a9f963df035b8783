import { databaseEnv, type BenchDatabase } from '../../lib/engine';
import { runCommand } from '../../lib/run-command';
import { progress } from '../../lib/log';

/**
 * `npm run seed -- --count N` into the database, as a person would run it, with `--usage-days`
 * and `--audit-records` when given (and then N may be 0: figures or records for the tokens
 * already there); returns seconds.
 */
export async function seedDatabase(
  database: BenchDatabase,
  tokens: number,
  usageDays = 0,
  auditRecords = 0,
): Promise<number> {
  const target =
    database.engine === 'postgres'
      ? ['--database-url', database.url]
      : ['--data-dir', database.dataDir];
  const started = performance.now();
  await runCommand(
    'npm',
    [
      'run',
      '--silent',
      'seed',
      '--',
      '--count',
      String(tokens),
      '--usage-days',
      String(usageDays),
      '--audit-records',
      String(auditRecords),
      ...target,
    ],
    {
      env: databaseEnv(database),
      onLine: (line) => progress(`  seed: ${line}`),
    },
  );
  return (performance.now() - started) / 1000;
}
