/**
 * Moves a Tokendesk from SQLite to PostgreSQL: every token (ids as they are, keys sealed with
 * TOKENDESK_SECRET) and every option, into an empty PostgreSQL database, all or nothing.
 *   npm run migrate-to-postgres -- [--data-dir DIR] [--database-url postgres://…]
 * They default to DATA_DIR (else ./data) and DATABASE_URL, like the service. Stop the service
 * first: what it writes during the move is not copied.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseSecret } from '../server/config';
import { moveSqliteToPostgres } from '../server/store/move/sqlite-to-postgres';

const USAGE =
  'usage: npm run migrate-to-postgres -- [--data-dir DIR] [--database-url postgres://…]';

async function main(): Promise<void> {
  const { dataDir, url, secret } = readArguments();
  const started = performance.now();
  const result = await moveSqliteToPostgres(dataDir, url, secret, (copied, total) =>
    console.log(`${copied.toLocaleString('en')} / ${total.toLocaleString('en')} tokens copied`),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Moved ${result.tokens.toLocaleString('en')} tokens, ${result.options} options, ${result.usageRows.toLocaleString('en')} rows of usage figures, ${result.adminKeys} admin keys, ${result.auditRecords.toLocaleString('en')} audit records and ${result.models} models from ${dataDir} to ${withoutCredentials(url)} in ${seconds} s; counts checked`,
  );
}

function readArguments(): { dataDir: string; url: string; secret: Buffer } {
  try {
    const { values } = parseArgs({
      options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
      strict: true,
    });
    const url = values['database-url'] ?? process.env.DATABASE_URL ?? '';
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('--database-url (or DATABASE_URL) must be a postgres:// address');
    }
    const secret = parseSecret(process.env.TOKENDESK_SECRET);
    if (!secret) {
      throw new Error(
        'TOKENDESK_SECRET is required: the one every instance on the PostgreSQL database will run with, which seals the keys there',
      );
    }
    return {
      dataDir: resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data'),
      url,
      secret,
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

main().catch((error: unknown) => {
  console.error(
    `migrate-to-postgres failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
