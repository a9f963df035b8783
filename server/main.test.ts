import { once } from 'node:events';
import { existsSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabaseFile } from './store/sqlite/file-check';
import { DATABASE_FILE } from './store/sqlite/database';
import { killLaunched, launchService as launch } from './test-process';
import { makeTempDir } from './test-support';

let root: string;

beforeAll(() => {
  root = makeTempDir();
});
afterEach(() => {
  killLaunched();
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('starts, prints its URL and a generated key once, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = join(root, 'first');
    const service = await launch({ DATA_DIR: dataDir }).listening;
    const keyLine = /^ {2}([0-9A-Za-z]{48})$/m.exec(service.stdout());
    expect(service.stdout()).toContain(`keeps it in ${join(dataDir, 'admin-key')}`);
    const key = keyLine?.[1] ?? '';
    expect(key).toHaveLength(48);

    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true });
    const created = await fetch(`${service.url}/api/token/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'From a real socket', remain_quota: 5 }),
    });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { data: { key: string } }).data.key).toHaveLength(48);

    // fetch keeps its connection alive: shutdown must not wait for it.
    const started = Date.now();
    service.child.kill('SIGTERM');
    const { code } = await service.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);

    // Second start: the same key from the file, not printed again, and the data is there.
    const again = await launch({ DATA_DIR: dataDir }).listening;
    expect(again.stdout()).not.toContain(key);
    const list = await fetch(`${again.url}/api/token/`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(1);
    again.child.kill('SIGINT');
    expect((await again.exited).code).toBe(0);
  });

  it('at SIGTERM refuses new connections, finishes the request in flight, closes the database and exits 0', async () => {
    const dataDir = join(root, 'drain');
    const env = { DATA_DIR: dataDir, ADMIN_KEY: 'drain-test-admin-key' };
    const service = await launch(env).listening;
    const socket = connect(service.port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const body = JSON.stringify({ name: 'In flight' });
    // Headers and half the body now; the rest after the signal.
    socket.write(
      `POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer drain-test-admin-key\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 8)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    service.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connectOutcome(service.port)).toBe('ECONNREFUSED');
    socket.write(body.slice(8));
    const { code } = await service.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"name":"In flight"');
    socket.destroy();
    // Closed, not abandoned: the WAL was checkpointed into the database file and removed.
    expect(walBytes(dataDir)).toBe(0);
    expect(storedNames(dataDir)).toEqual(['In flight']);
  });

  it('cuts a request that never finishes and still exits 0 within 5 seconds of SIGTERM', async () => {
    const dataDir = join(root, 'stuck');
    const service = await launch({ DATA_DIR: dataDir, ADMIN_KEY: 'stuck-test-admin-key' })
      .listening;
    const socket = connect(service.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => {});
    const cut = once(socket, 'close');
    socket.write(
      `POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer stuck-test-admin-key\r\n` +
        `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Never finished`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    service.child.kill('SIGTERM');
    const { code } = await service.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await cut;
    expect(walBytes(dataDir)).toBe(0);
    expect(storedNames(dataDir)).toEqual([]);
  });

  it('fills an empty database with demo tokens in demo mode', async () => {
    const env = { DATA_DIR: join(root, 'demo'), ADMIN_KEY: 'demo-test-admin-key' };
    const service = await launch(env, ['--demo']).listening;
    expect(service.stdout()).toMatch(/Demo mode: added \d+ demo tokens/);
    const page = await fetch(`${service.url}/api/token/?size=100`, {
      headers: { Authorization: 'Bearer demo-test-admin-key' },
    });
    const { data } = (await page.json()) as {
      data: { total: number; items: { status: number; name: string }[] };
    };
    expect(data.total).toBeGreaterThanOrEqual(35);
    expect(new Set(data.items.map((token) => token.status))).toEqual(new Set([1, 2, 3, 4]));
    expect(data.items.some((token) => /[\u4e00-\u9fff]/.test(token.name))).toBe(true);
  });

  it('exits 1 with one line for a bad setting', async () => {
    const { code, stderr } = await launch({ DATA_DIR: join(root, 'bad'), PORT: 'abc' }).exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Tokendesk could not start: PORT must be a whole number from 0 to 65535, not "abc"',
    ]);
  });
});

/** 'connected', or the error code of a connection attempt. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function walBytes(dataDir: string): number {
  const wal = join(dataDir, `${DATABASE_FILE}-wal`);
  return existsSync(wal) ? statSync(wal).size : 0;
}

function storedNames(dataDir: string): string[] {
  return checkDatabaseFile(join(dataDir, DATABASE_FILE)).names;
}

describe('server/main.ts in proxy mode', () => {
  it('forwards /api to UPSTREAM_URL, answers /healthz itself and opens no database', async () => {
    const upstream = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          success: true,
          message: '',
          data: { system_name: 'Upstream', seen: req.url },
        }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as { port: number }).port;
    try {
      const dataDir = join(root, 'never-created');
      const { child, listening } = launch({
        DATA_DIR: dataDir,
        UPSTREAM_URL: `http://127.0.0.1:${port}`,
      });
      let printed = '';
      child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${printed}`)), 15_000);
        child.stdout.on('data', () => {
          const match = /Tokendesk listening on (http:\/\/127\.0\.0\.1:\d+) \(proxy to (.+)\)/.exec(
            printed,
          );
          if (match?.[1]) {
            clearTimeout(timer);
            expect(match[2]).toBe(`http://127.0.0.1:${port}`);
            resolve(match[1]);
          }
        });
      });
      listening.catch(() => {});

      const status = await fetch(`${url}/api/status`);
      expect(await status.json()).toMatchObject({
        data: { system_name: 'Upstream', seen: '/api/status' },
      });
      expect(status.headers.get('content-security-policy')).toContain(
        `connect-src 'self' http://127.0.0.1:${port}`,
      );
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ success: true });
      expect(existsSync(dataDir)).toBe(false);
      child.kill('SIGTERM');
      expect((await once(child, 'exit'))[0]).toBe(0);
    } finally {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it('refuses an UPSTREAM_URL that is not an http address, in one line', async () => {
    const { exited } = launch({ DATA_DIR: join(root, 'bad-upstream'), UPSTREAM_URL: 'ftp://gw' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^Tokendesk could not start: UPSTREAM_URL must be the http or https address/,
    );
  });
});
