/**
 * Several service processes on one PostgreSQL database, as behind a load balancer: what one
 * writes the other reads at once, concurrent writes through both behave as through one, a
 * SIGKILL of one loses no acknowledged write, and instances starting together migrate once.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY_LENGTH, maskKey, tokenSchema, type Token } from '../../src/contract/token';
import { PG_SCHEMA_VERSION } from '../store/postgres/migrations';
import { connectForTests } from '../store/test-postgres';
import { killLaunched, launchService, type RunningService } from '../test-process';
import { makeTempDir, newTestDatabaseUrl, TEST_SECRET } from '../test-support';

const ADMIN_KEY = 'several-instances-admin-key';
const auth = { Authorization: `Bearer ${ADMIN_KEY}` };
const jsonAuth = { ...auth, 'Content-Type': 'application/json' };

let root: string;
beforeAll(() => {
  root = makeTempDir('tokendesk-instances-');
});
afterEach(() => killLaunched());
afterAll(() => rmSync(root, { recursive: true, force: true }));

function instanceEnv(url: string): Record<string, string> {
  return {
    DATABASE_URL: url,
    ADMIN_KEY,
    TOKENDESK_SECRET: TEST_SECRET,
    DATA_DIR: join(root, 'unused'),
  };
}

async function startInstances(url: string, count = 2): Promise<RunningService[]> {
  return Promise.all(
    Array.from({ length: count }, () => launchService(instanceEnv(url)).listening),
  );
}

async function call(
  service: RunningService,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: unknown; message: string }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: body === undefined ? auth : jsonAuth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: unknown; message: string };
  return { status: response.status, data: envelope.data, message: envelope.message };
}

async function listAll(service: RunningService): Promise<Token[]> {
  const tokens: Token[] = [];
  for (let p = 1; ; p += 1) {
    const { data } = await call(service, 'GET', `/api/token/?size=100&order=id&p=${p}`);
    const page = data as { items: Token[]; total: number };
    tokens.push(...page.items);
    if (p * 100 >= page.total) return tokens;
  }
}

describe('several instances on one PostgreSQL database', () => {
  it('start together on an empty database, migrate it once, and both serve', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    const [a, b, c] = await startInstances(url, 3);
    const versions = await connectForTests(
      url,
      async (client) =>
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows,
    );
    expect(versions.map((row) => row.version).sort((x, y) => x - y)).toEqual(
      Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1),
    );
    for (const service of [a!, b!, c!]) {
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    }
  });

  it('read at once what another wrote: creates, updates, options and deletes', async () => {
    const [a, b] = await startInstances(await newTestDatabaseUrl());
    const created = await call(a!, 'POST', '/api/token/', { name: 'Shared', remain_quota: 5 });
    const token = tokenSchema.parse(created.data);
    expect(tokenSchema.parse((await call(b!, 'GET', `/api/token/${token.id}`)).data)).toMatchObject(
      {
        name: 'Shared',
        key: maskKey(token.key),
      },
    );
    expect((await call(b!, 'POST', `/api/token/${token.id}/key`)).data).toMatchObject({
      key: token.key,
    });
    // The list page a moment ago on B must not be served again after A's change.
    expect(
      ((await call(b!, 'GET', '/api/token/?keyword=shared')).data as { total: number }).total,
    ).toBe(1);
    await call(b!, 'PUT', '/api/token/', { id: token.id, name: 'Renamed', remain_quota: 7 });
    expect((await call(a!, 'GET', `/api/token/${token.id}`)).data).toMatchObject({
      name: 'Renamed',
      remain_quota: 7,
    });
    expect(
      ((await call(a!, 'GET', '/api/token/?keyword=shared')).data as { total: number }).total,
    ).toBe(0);
    await call(a!, 'PUT', '/api/option/', { key: 'QuotaPerUnit', value: '1000' });
    expect((await call(b!, 'GET', '/api/option/')).data).toContainEqual({
      key: 'QuotaPerUnit',
      value: '1000',
    });
    expect((await call(a!, 'DELETE', `/api/token/${token.id}`)).status).toBe(200);
    expect((await call(b!, 'GET', `/api/token/${token.id}`)).status).toBe(404);
  });

  it('count wrong admin keys together: the limit reached through both is kept by both, and the right key passes', async () => {
    const [a, b] = await startInstances(await newTestDatabaseUrl());
    const guess = (service: RunningService) =>
      fetch(`${service.url}/api/token/`, { headers: { Authorization: 'Bearer guess' } });
    for (let i = 0; i < 5; i += 1) {
      expect((await guess(a!)).status).toBe(401);
      expect((await guess(b!)).status).toBe(401);
    }
    for (const service of [a!, b!]) {
      const refused = await guess(service);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(50);
      expect((await call(service, 'GET', '/api/token/')).status).toBe(200);
    }
  });

  it('refuse an admin key revoked through one on the other from its next request, and audit both', async () => {
    const [a, b] = await startInstances(await newTestDatabaseUrl());
    const made = await call(a!, 'POST', '/api/admin-key/', { name: 'Support', role: 'operator' });
    expect(made.status).toBe(200);
    const { id, key } = made.data as { id: number; key: string };
    const asSupport = (service: RunningService, init: RequestInit = {}) =>
      fetch(`${service.url}/api/token/`, {
        ...init,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      });
    expect((await asSupport(b!)).status).toBe(200);
    const token = (await call(a!, 'POST', '/api/token/', { name: 'Shared', remain_quota: 1 }))
      .data as Token;
    const topUp = { method: 'PUT', body: JSON.stringify({ id: token.id, remain_quota: 500 }) };
    expect((await asSupport(b!, topUp)).status).toBe(200);

    expect((await call(a!, 'DELETE', `/api/admin-key/${id}`)).status).toBe(200);
    for (const service of [b!, a!]) {
      const refused = await asSupport(service);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toContain('revoked');
    }
    // Both changes are in the audit read through either, with who made them.
    for (const service of [a!, b!]) {
      const { data } = await call(service, 'GET', `/api/audit/?token_id=${token.id}`);
      const records = (data as { items: Array<{ action: string; actor: { name: string } }> }).items;
      expect(records.map((record) => [record.action, record.actor.name])).toEqual([
        ['token.update', 'Support'],
        ['token.create', 'ADMIN_KEY'],
      ]);
    }
  });

  it('give 500 concurrent creates split across both 500 distinct ids and keys, all stored', async () => {
    const services = await startInstances(await newTestDatabaseUrl());
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        call(services[i % 2]!, 'POST', '/api/token/', { name: `Split ${i}`, remain_quota: i }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(500).fill(200));
    const created = answers.map((answer) => tokenSchema.parse(answer.data));
    expect(new Set(created.map((token) => token.id)).size).toBe(500);
    expect(new Set(created.map((token) => token.key)).size).toBe(500);
    for (const token of created)
      expect(token.key).toMatch(new RegExp(`^[0-9A-Za-z]{${KEY_LENGTH}}$`));
    const stored = await listAll(services[1]!);
    expect(stored).toHaveLength(500);
    const byId = new Map(stored.map((token) => [token.id, token]));
    for (const token of created) {
      expect(byId.get(token.id)).toMatchObject({ name: token.name, key: maskKey(token.key) });
    }
  }, 60_000);

  it('leave one whole write of 200 concurrent updates of one token split across both', async () => {
    const services = await startInstances(await newTestDatabaseUrl());
    const token = tokenSchema.parse(
      (await call(services[0]!, 'POST', '/api/token/', { name: 'Contended', remain_quota: 1 }))
        .data,
    );
    const write = (k: number) => ({
      name: `w${k}`,
      remain_quota: k + 1,
      unlimited_quota: k % 2 === 0,
      expired_time: 4_000_000_000 + k,
      models: `m${k}`,
      subnet: `10.${k}.0.0/16`,
      status: k % 3 === 0 ? 2 : 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, k) =>
        call(services[k % 2]!, 'PUT', '/api/token/', { id: token.id, ...write(k) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    const stored = tokenSchema.parse(
      (await call(services[1]!, 'GET', `/api/token/${token.id}`)).data,
    );
    const k = Number(stored.name.slice(1));
    const { status, ...fields } = write(k);
    expect(stored).toMatchObject(fields);
    expect(stored.status).toBe(status);
  }, 60_000);

  it('never spend the same units twice: 100 verifies of 30 on 1,000 units split across both', async () => {
    const services = await startInstances(await newTestDatabaseUrl());
    const token = tokenSchema.parse(
      (await call(services[0]!, 'POST', '/api/token/', { name: 'Shared', remain_quota: 1000 }))
        .data,
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, k) =>
        call(services[k % 2]!, 'POST', '/api/token/verify', { key: token.key, cost: 30 }),
      ),
    );
    const codes = answers.map((answer) => (answer.data as { code: string }).code);
    expect(codes.filter((code) => code === 'VALID')).toHaveLength(33);
    expect(codes.filter((code) => code === 'EXHAUSTED')).toHaveLength(67);
    const stored = tokenSchema.parse(
      (await call(services[1]!, 'GET', `/api/token/${token.id}`)).data,
    );
    expect([stored.remain_quota, stored.used_quota]).toEqual([10, 990]);
  }, 60_000);

  it('hold a token to its requests per minute together: 60 verifies split across both, 10 pass', async () => {
    const services = await startInstances(await newTestDatabaseUrl());
    const token = tokenSchema.parse(
      (
        await call(services[0]!, 'POST', '/api/token/', {
          name: 'Ten a minute',
          unlimited_quota: true,
          rpm_limit: 10,
        })
      ).data,
    );
    // The instances keep real time: the verifies are sent well inside one minute.
    const secondOfMinute = Math.floor(Date.now() / 1000) % 60;
    if (secondOfMinute >= 50) await new Promise((r) => setTimeout(r, (61 - secondOfMinute) * 1000));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, k) =>
        call(services[k % 2]!, 'POST', '/api/token/verify', { key: token.key, cost: 1 }),
      ),
    );
    const codes = answers.map((answer) => (answer.data as { code: string }).code);
    expect(codes.filter((code) => code === 'VALID')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(50);
    const stored = tokenSchema.parse(
      (await call(services[1]!, 'GET', `/api/token/${token.id}`)).data,
    );
    expect(stored.used_quota).toBe(10);
  }, 90_000);

  it('lose no acknowledged write when one is killed while clients write through both', async () => {
    const [a, b] = await startInstances(await newTestDatabaseUrl());
    /** Each client's tokens: the last acknowledged remain_quota, and the one in flight. */
    const logs: { id: number | null; acked: number; inFlight: number | null; via: 0 | 1 }[] = [];
    let killed = false;
    let acknowledged = 0;
    const client = async (c: number) => {
      const via = (c % 2) as 0 | 1;
      const service = via === 0 ? a! : b!;
      const own: (typeof logs)[number][] = [];
      for (let step = 0; !(killed && via === 0) && step < 400; step += 1) {
        try {
          if (own.length === 0 || step % 4 === 0) {
            const log = { id: null as number | null, acked: -1, inFlight: 0 as number | null, via };
            logs.push(log);
            own.push(log);
            const answer = await call(service, 'POST', '/api/token/', {
              name: `c${c}`,
              remain_quota: 0,
            });
            if (answer.status !== 200) throw new Error(answer.message);
            Object.assign(log, { id: tokenSchema.parse(answer.data).id, acked: 0, inFlight: null });
          } else {
            const log = own[step % own.length]!;
            if (log.id === null) continue;
            const seq = log.acked + 1;
            log.inFlight = seq;
            const answer = await call(service, 'PUT', '/api/token/', {
              id: log.id,
              remain_quota: seq,
            });
            if (answer.status !== 200) throw new Error(answer.message);
            Object.assign(log, { acked: seq, inFlight: null });
          }
          acknowledged += 1;
        } catch (error) {
          if (killed && via === 0) return;
          throw error;
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, c) => client(c));
    while (acknowledged < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    a!.child.kill('SIGKILL');
    await a!.exited;
    await Promise.all(clients);

    const stored = new Map((await listAll(b!)).map((token) => [token.id, token]));
    let checked = 0;
    for (const log of logs) {
      if (log.id === null) continue;
      const token = stored.get(log.id);
      expect(token, `token ${log.id} acknowledged through instance ${log.via}`).toBeDefined();
      const possible = [log.acked, log.inFlight].filter((seq) => seq !== null);
      expect(possible).toContain(token!.remain_quota);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
    // The survivor goes on serving.
    expect((await call(b!, 'POST', '/api/token/', { name: 'After' })).status).toBe(200);
  }, 60_000);

  it('serve again after the database ends every connection, as a restart does, even in the middle of writes', async () => {
    const url = await newTestDatabaseUrl();
    const [a] = await startInstances(url, 1);
    const name = new URL(url).pathname.slice(1);
    // Writes under way while the connections end: some fail, none takes the process down.
    const writes = Array.from({ length: 40 }, (_, i) =>
      call(a!, 'POST', '/api/token/', { name: `During ${i}` }).catch(() => null),
    );
    await connectForTests(url, (client) =>
      client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      ),
    );
    await Promise.all(writes);
    let health = 0;
    for (let tries = 0; tries < 50 && health !== 200; tries += 1) {
      health = (await fetch(`${a!.url}/healthz`)).status;
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health).toBe(200);
    expect((await call(a!, 'POST', '/api/token/', { name: 'After' })).status).toBe(200);
  });

  it('answer /healthz 503 while the database does not, and exit 1 with one line when it is unreachable at start', async () => {
    const url = await newTestDatabaseUrl();
    const [a] = await startInstances(url, 1);
    expect((await fetch(`${a!.url}/healthz`)).status).toBe(200);
    const name = new URL(url).pathname.slice(1);
    const admin = new URL(url);
    admin.pathname = '/postgres';
    await connectForTests(admin.toString(), (client) =>
      client.query(`DROP DATABASE ${name} WITH (FORCE)`),
    );
    const health = await fetch(`${a!.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      success: false,
      message: 'the database does not answer',
    });

    const gone = launchService(instanceEnv(url.replace(/:\/\/[^@]*@/, '://someone:hunter22@')));
    const exit = await gone.exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `Tokendesk could not start: cannot use the database at DATABASE_URL (postgres://${admin.host}/${name})`,
    );
    expect(lines[0]).not.toContain('hunter22');
  }, 30_000);

  it.each([
    [{ ADMIN_KEY: '' }, 'ADMIN_KEY is required with DATABASE_URL'],
    [{ TOKENDESK_SECRET: '' }, 'TOKENDESK_SECRET is required with DATABASE_URL'],
    [{ TOKENDESK_SECRET: 'dG9vIHNob3J0' }, 'TOKENDESK_SECRET must be 32 random bytes in base64'],
    [{ DATABASE_POOL_SIZE: '1000' }, 'DATABASE_POOL_SIZE must be connections from 1 to 100'],
  ])('refuse to start with %j, in one line', async (change, message) => {
    const env = { ...instanceEnv('postgres://someone@127.0.0.1:1/tokendesk'), ...change };
    const exit = await launchService(env).exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });
});
