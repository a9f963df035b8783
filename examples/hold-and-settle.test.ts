import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Token } from '../src/contract/token';
import { killLaunched, launchService, type RunningService } from '../server/test-process';
import { makeTempDir } from '../server/test-support';

/** The example against the real service, as its comment runs it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_KEY = 'hold-and-settle-admin-key';

let root: string;
let service: RunningService;
beforeAll(async () => {
  root = makeTempDir('tokendesk-example-');
  service = await launchService({ DATA_DIR: join(root, 'data'), ADMIN_KEY }).listening;
}, 30_000);
afterAll(() => {
  killLaunched();
  rmSync(root, { recursive: true, force: true });
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(service.url + path, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}

it('holds, settles the real cost once, and a retried settlement charges nothing more', async () => {
  const token = await api<Token>('POST', '/api/token/', { name: 'Example', remain_quota: 10_000 });
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'examples/hold-and-settle.ts', '--key', `sk-${token.key}`],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', TOKENDESK_URL: service.url, TOKENDESK_KEY: ADMIN_KEY },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('verify: VALID, 5000 units left while 5000 are held');
  expect(run.stdout).toContain('usage: charged 1830, gave back 3170, 8170 units left');
  expect(run.stdout).toContain('usage again: duplicate true, 8170 units left');
  const after = await api<Token>('GET', `/api/token/${token.id}`);
  expect([after.used_quota, after.remain_quota]).toEqual([1830, 8170]);
});
