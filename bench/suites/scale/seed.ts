import { connectForTests } from '../../../server/store/test-postgres';
import { databaseEnv, type BenchDatabase } from '../../lib/engine';
import { runCommand } from '../../lib/run-command';
import { progress } from '../../lib/log';

/**
 * `npm run seed -- --count N` into the database, as a person would run it, with `--usage-days`
 * and `--audit-records` when given (and then N may be 0: figures or records for the tokens
 * already there); returns seconds. On PostgreSQL a CHECKPOINT follows, untimed: the server would
 * otherwise still be writing the seed's pages out in the background (a checkpoint is spread over
 * minutes) while the figures after it are timed.
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
  const seconds = (performance.now() - started) / 1000;
  if (database.engine === 'postgres') {
    await connectForTests(database.url, (client) => client.query('CHECKPOINT'));
  }
  return seconds;
}
