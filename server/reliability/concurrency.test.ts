/**
 * Many requests at once over real sockets: every create gets its own id and key, concurrent full
 * updates of one token leave exactly one whole write, and concurrent deletes delete once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_LENGTH, maskKey, tokenSchema, type Token } from '../../src/contract/token';
import { snapshotStore, startTestService, TEST_ADMIN_KEY, type TestService } from '../test-support';
import { listenOnFreePort, type Listening } from './raw-http';

const CREATES = 500;
const UPDATES = 200;
const DELETES = 100;

let service: TestService;
let listening: Listening;
let base: string;

beforeAll(async () => {
  service = startTestService();
  listening = await listenOnFreePort(service.app);
  base = `http://127.0.0.1:${listening.port}`;
});
afterAll(async () => {
  await listening.close();
  await service.close();
});

interface Answer {
  status: number;
  data: unknown;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${TEST_ADMIN_KEY}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: unknown };
  return { status: response.status, data: envelope.data };
}

/** Write k of the concurrent updates: every field says k, so a mix of two writes shows. */
function write(k: number) {
  return {
    name: `w${k}`,
    remain_quota: k + 1,
    unlimited_quota: k % 2 === 0,
    expired_time: 4_000_000_000 + k,
    models: `m${k}`,
    subnet: `10.${k}.0.0/16`,
    status: k % 3 === 0 ? 2 : 1,
  } as const;
}

describe('concurrency over real sockets', () => {
  it(`gives ${CREATES} concurrent creates ${CREATES} distinct ids and keys, all stored`, async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        call('POST', '/api/token/', { name: `Concurrent ${i}`, remain_quota: i }),
      ),
    );
    const elapsed = Date.now() - started;
    expect(answers.map((answer) => answer.status)).toEqual(Array(CREATES).fill(200));
    const created = answers.map((answer) => tokenSchema.parse(answer.data));
    expect(new Set(created.map((token) => token.id)).size).toBe(CREATES);
    expect(new Set(created.map((token) => token.key)).size).toBe(CREATES);
    for (const token of created)
      expect(token.key).toMatch(new RegExp(`^[0-9A-Za-z]{${KEY_LENGTH}}$`));

    const stored = (await snapshotStore(service.store)).tokens;
    expect(stored).toHaveLength(CREATES);
    const byId = new Map(stored.map((token) => [token.id, token]));
    for (const token of created) {
      // Each answer describes its own row: the name and quota sent with it, the key stored for it.
      expect(byId.get(token.id)).toMatchObject({
        name: token.name,
        remain_quota: token.remain_quota,
        key: token.key,
      });
    }
    const page = await call('GET', '/api/token/?size=100');
    expect((page.data as { total: number }).total).toBe(CREATES);
    const listed = (page.data as { items: Token[] }).items;
    for (const token of listed) expect(token.key).toBe(maskKey(byId.get(token.id)!.key));
    console.log(
      `concurrency: ${CREATES} concurrent creates in ${elapsed} ms, ${CREATES} distinct ids and keys`,
    );
  });

  it(`applies ${UPDATES} concurrent full updates of one token whole: the result is exactly one of them`, async () => {
    const token = tokenSchema.parse(
      (await call('POST', '/api/token/', { name: 'Contended', remain_quota: 1 })).data,
    );
    const answers = await Promise.all(
      Array.from({ length: UPDATES }, (_, k) =>
        call('PUT', '/api/token/', { id: token.id, ...write(k) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(UPDATES).fill(200));
    answers.forEach((answer, k) =>
      expect(answer.data, `answer to write ${k}`).toMatchObject(write(k)),
    );

    const stored = (await snapshotStore(service.store)).tokens.find((t) => t.id === token.id)!;
    const k = Number(/^w(\d+)$/.exec(stored.name)?.[1]);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(k).toBeLessThan(UPDATES);
    expect(stored).toMatchObject(write(k));
    expect(stored).toMatchObject({
      id: token.id,
      key: token.key,
      used_quota: 0,
      created_time: token.created_time,
    });
    const again = await call('GET', `/api/token/${token.id}`);
    expect(again.data).toMatchObject(write(k));
    console.log(
      `concurrency: ${UPDATES} concurrent full updates of one token, all 200, stored state is write ${k} whole`,
    );
  });

  it(`deletes a token once when ${DELETES} clients delete it at the same time`, async () => {
    const token = tokenSchema.parse(
      (await call('POST', '/api/token/', { name: 'Deleted by many' })).data,
    );
    const before = (await snapshotStore(service.store)).tokens.length;
    const answers = await Promise.all(
      Array.from({ length: DELETES }, () => call('DELETE', `/api/token/${token.id}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(DELETES - 1).fill(404)]);
    expect((await snapshotStore(service.store)).tokens).toHaveLength(before - 1);
  });

  it('counts each token once across overlapping concurrent batch deletes', async () => {
    const ids = (await snapshotStore(service.store)).tokens.map((token) => token.id).slice(0, 150);
    // Ten batches of 100 ids from a sliding window: every id is in several of them.
    const batches = Array.from({ length: 10 }, (_, b) => ids.slice(b * 5, b * 5 + 100));
    const answers = await Promise.all(
      batches.map((batch) => call('POST', '/api/token/batch', { ids: batch })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const deleted = answers.reduce((sum, answer) => sum + (answer.data as number), 0);
    const union = new Set(batches.flat());
    expect(deleted).toBe(union.size);
    const left = new Set((await snapshotStore(service.store)).tokens.map((token) => token.id));
    for (const id of union) expect(left.has(id)).toBe(false);
  });
});
