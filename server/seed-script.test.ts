import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { tokenListQuerySchema } from '../src/contract/token';
import { openSqliteStore } from './store/sqlite/store';
import { makeTempDir } from './test-support';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

it('scripts/seed.ts inserts the requested number of varied tokens and says how long it took', async () => {
  const run = seed('--count', '1200', '--data-dir', dataDir);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/Inserted 1,200 tokens into .* in \d+\.\d s/);

  const store = openSqliteStore({ dataDir });
  try {
    const page = await store.list(tokenListQuerySchema.parse({ size: '100' }));
    expect(page.total).toBe(1200);
    const statuses = new Set<number>();
    for (const status of ['1', '2', '3', '4']) {
      if ((await store.list(tokenListQuerySchema.parse({ status }))).total > 0)
        statuses.add(Number(status));
    }
    expect(statuses).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(page.items.map((token) => token.name)).size).toBeGreaterThan(50);
  } finally {
    await store.close();
  }
});

it('refuses a bad count with usage and exit code 2', () => {
  const run = seed('--count', 'many', '--data-dir', dataDir);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('--count must be a whole number from 0 to 10000000');
  expect(run.stderr).toContain('usage: npm run seed -- --count 1000000 [--usage-days 30]');
  expect(seed('--count', '0', '--data-dir', dataDir).stderr).toContain('nothing to add');
});

it('adds days of usage figures to the tokens already there, with --count 0', async () => {
  const run = seed('--count', '0', '--usage-days', '2', '--data-dir', dataDir);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Added 2 days of usage figures \([\d,]+ hourly sums\)/);
  const store = openSqliteStore({ dataDir });
  try {
    const now = store.now();
    const from = Math.floor(now / 86_400) * 86_400 - 3 * 86_400;
    const figures = await store.usage({ from, to: now, bucket: 'day' });
    expect(figures?.totals.requests).toBeGreaterThan(0);
    expect(figures?.totals.denied_by_code.NOT_FOUND).toBeGreaterThan(0);
    expect(figures?.top_tokens).toHaveLength(10);
    expect(figures?.series.filter((point) => point.requests > 0).length).toBeGreaterThanOrEqual(2);

    // The busiest tokens' figures agree with them: last used in their last hour of requests,
    // only on the models they allow.
    for (const top of figures!.top_tokens!) {
      const token = (await store.get(top.token_id))!;
      const hourly = await store.usage({ from, to: now + 1, bucket: 'hour' }, token.id);
      const busy = hourly!.series.filter((point) => point.requests > 0).map((point) => point.time);
      expect(Math.max(...busy), token.name).toBe(Math.floor(token.accessed_time / 3_600) * 3_600);
      const allowed = token.models.split(',').filter(Boolean);
      if (allowed.length > 0) {
        for (const row of hourly!.by_model) expect(allowed, token.name).toContain(row.model);
      }
    }
  } finally {
    await store.close();
  }
});
