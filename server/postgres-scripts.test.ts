import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { tokenListQuerySchema } from '../src/contract/token';
import { openPostgresStore } from './store/postgres/store';
import { TEST_SECRET, makeTempDir, newTestDatabaseUrl } from './test-support';
import { TEST_SECRET_BYTES } from './store/test-postgres';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const root = makeTempDir();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = (file: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });

async function total(url: string, status?: string): Promise<number> {
  const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
  try {
    return (await store.list(tokenListQuerySchema.parse({ status }))).total;
  } finally {
    await store.close();
  }
}

it('npm run seed fills the PostgreSQL database of DATABASE_URL', async () => {
  const url = await newTestDatabaseUrl({ empty: true });
  const refused = script('scripts/seed.ts', ['--count', '1200'], { DATABASE_URL: url });
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain('TOKENDESK_SECRET is required with PostgreSQL');
  const run = script('scripts/seed.ts', ['--count', '1200'], {
    DATABASE_URL: url,
    TOKENDESK_SECRET: TEST_SECRET,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const { host, pathname } = new URL(url);
  expect(run.stdout).toContain(`Inserted 1,200 tokens into postgres://${host}${pathname} in`);
  expect(await total(url)).toBe(1200);
  for (const status of ['1', '2', '3', '4']) expect(await total(url, status)).toBeGreaterThan(0);
});

it('npm run migrate-to-postgres moves a seeded SQLite database, then refuses to move into it again', async () => {
  const dataDir = join(root, 'data');
  expect(script('scripts/seed.ts', ['--count', '300', '--data-dir', dataDir]).status).toBe(0);
  const url = await newTestDatabaseUrl({ empty: true });
  const moved = script('scripts/migrate-to-postgres.ts', ['--data-dir', dataDir], {
    DATABASE_URL: url,
    TOKENDESK_SECRET: TEST_SECRET,
  });
  expect(moved.stderr).toBe('');
  expect(moved.status).toBe(0);
  expect(moved.stdout).toMatch(
    /Moved 300 tokens, 0 options, 0 rows of usage figures, 0 admin keys, 0 audit records and 0 models from .* in \d+\.\d s; counts checked/,
  );
  expect(await total(url)).toBe(300);

  const again = script(
    'scripts/migrate-to-postgres.ts',
    ['--data-dir', dataDir, '--database-url', url],
    { TOKENDESK_SECRET: TEST_SECRET },
  );
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('already holds 300 tokens and 0 options: move into an empty one');
  expect(await total(url)).toBe(300);

  const usage = script('scripts/migrate-to-postgres.ts', ['--data-dir', dataDir]);
  expect(usage.status).toBe(2);
  expect(usage.stderr).toContain('usage: npm run migrate-to-postgres');
}, 60_000);
