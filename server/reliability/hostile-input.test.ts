/**
 * Hostile input against every route and method: broken JSON, wrong types, huge and fractional
 * numbers, bad ids, 1 MiB bodies, wrong content types, control characters, prototype keys, SQL
 * meta-characters and path tricks, through the app and over a raw socket. Every answer is the
 * envelope with a 4xx (or a 200 for input that is in fact valid), never a 5xx, and a refused
 * request leaves the stored data exactly as it was.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSchema, type Token } from '../../src/contract/token';
import { checkAnswer } from '../openapi/answer-check';
import {
  makeTempDir,
  snapshotStore,
  startTestService,
  TEST_ADMIN_KEY,
  type TestService,
} from '../test-support';
import { framingCases } from './hostile-body-cases';
import type { HostileCase, Ids } from './hostile-cases';
import { fieldCases, prototypeCases } from './hostile-field-cases';
import { idPathCases, methodCases, queryCases } from './hostile-path-cases';
import { httpRequest, listenOnFreePort, rawRequest, type Listening } from './raw-http';

const AUTH = `Authorization: Bearer ${TEST_ADMIN_KEY}`;
const JSON_TYPE = { 'Content-Type': 'application/json' };
const SECRET = 'secret-outside-the-dashboard-folder';
const INDEX_HTML = '<!doctype html><title>Tokendesk</title>';

/** Names that look like attacks or are far from ASCII, and are valid all the same. */
const SEEDED_NAMES = [
  'Alpha production',
  'beta_test',
  '100% quota',
  "O'Brien",
  'say "hi"',
  'back\\slash',
  'NEAR(a b)',
  'a*b OR c',
  '生产环境',
  'Ünïcode',
];

let root: string;
let service: TestService;
let listening: Listening;
let ids: Ids;
let tried = 0;
let triedRaw = 0;

beforeAll(async () => {
  root = makeTempDir('tokendesk-hostile-');
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(root, 'secret.txt'), SECRET);
  // Failed keys from the raw socket must not add up to a block: every failure is an hour old.
  let clock = 0;
  service = startTestService({ distDir, now: () => (clock += 3_600_000) });
  const created: Token[] = [];
  for (const name of SEEDED_NAMES) {
    created.push(await service.createToken({ name, remain_quota: 1000, models: 'gpt-4o' }));
  }
  const deleted = await service.createToken({ name: 'Deleted' });
  await service.api('DELETE', `/api/token/${deleted.id}`);
  ids = { existing: created[0]!.id, existingKey: created[0]!.key, missing: deleted.id };
  listening = await listenOnFreePort(service.app);
});

afterAll(async () => {
  await listening.close();
  await service.close();
  rmSync(root, { recursive: true, force: true });
  console.log(
    `hostile input: ${tried} inputs tried (${triedRaw} of them over a raw socket), no 5xx, no change from a refused request`,
  );
});

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

async function send(c: Pick<HostileCase, 'method' | 'path' | 'body' | 'headers'>): Promise<Answer> {
  tried += 1;
  const body = typeof c.body === 'function' ? c.body() : c.body;
  const init = {
    method: c.method,
    headers: { Authorization: `Bearer ${TEST_ADMIN_KEY}`, ...c.headers },
    body,
    duplex: 'half',
  } as RequestInit;
  const response = await service.app.request(c.path, init);
  await checkAnswer(c.method, c.path, response.clone());
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The contract's envelope, exactly: success, message and data, and nothing else. */
function expectEnvelope(label: string, answer: Answer, status: number): unknown {
  expect(answer.status, label).toBe(status);
  expect(answer.contentType ?? '', label).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['data', 'message', 'success']);
  if (status === 200) {
    expect(body.success, label).toBe(true);
    expect(body.message, label).toBe('');
  } else {
    expect(body.success, label).toBe(false);
    expect(body.message, label).toMatch(/\S/);
    expect(body.data, label).toBeNull();
  }
  return body.data;
}

/** Sends each case and checks its answer; none of them may change what is stored (refused, or a no-op). */
async function expectAnsweredUnchanged(cases: readonly HostileCase[]): Promise<void> {
  const before = await snapshotStore(service.store);
  for (const c of cases) {
    const answer = await send(c);
    expect(answer.status, c.label).toBeLessThan(500);
    expectEnvelope(c.label, answer, c.status);
    expect(await snapshotStore(service.store), c.label).toEqual(before);
  }
}

const storedToken = async (id: number): Promise<Token | undefined> =>
  (await snapshotStore(service.store)).tokens.find((token) => token.id === id);

describe('hostile bodies', () => {
  // Hundreds of cases, each followed by a snapshot of every token, option, admin key and record.
  it('refuses malformed JSON, non-objects, wrong content types, bad bytes and 1 MiB bodies on every write route', async () => {
    await expectAnsweredUnchanged(framingCases(ids));
  }, 60_000);

  it('refuses every field of every body given a wrong type, a fraction, a huge number or control characters', async () => {
    await expectAnsweredUnchanged(fieldCases(ids));
  }, 60_000);

  it('never lets __proto__ or constructor keys set a field or reach Object.prototype', async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
    await expectAnsweredUnchanged(prototypeCases(ids));
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const created = await send({
      method: 'POST',
      path: '/api/token/',
      body: '{"name":"Plain","__proto__":{"unlimited_quota":true,"remain_quota":7,"status":2}}',
      headers: JSON_TYPE,
    });
    const token = tokenSchema.parse(expectEnvelope('create with __proto__', created, 200));
    expect(await storedToken(token.id)).toMatchObject({
      name: 'Plain',
      unlimited_quota: false,
      remain_quota: 0,
    });
    expect(token.status).toBe(4);
  });

  it('ignores fields a client may not set: id, key, used quota and times stay the service’s', async () => {
    const created = await send({
      method: 'POST',
      path: '/api/token/',
      body: JSON.stringify({
        name: 'Mass assignment',
        id: 424242,
        key: 'attacker-chosen-key-attacker-chosen-key-attacker',
        status: 2,
        used_quota: 99,
        created_time: 1,
        accessed_time: 1,
      }),
      headers: JSON_TYPE,
    });
    const token = tokenSchema.parse(expectEnvelope('create with extra fields', created, 200));
    expect(token.id).not.toBe(424242);
    expect(token.key).not.toContain('attacker');
    expect(token).toMatchObject({ status: 4, used_quota: 0 });
    expect(token.created_time).toBeGreaterThan(1);

    const updated = await send({
      method: 'PUT',
      path: '/api/token/',
      body: JSON.stringify({ id: token.id, key: 'attacker', used_quota: 5, created_time: 2 }),
      headers: JSON_TYPE,
    });
    expectEnvelope('update with extra fields', updated, 200);
    expect(await storedToken(token.id)).toMatchObject({
      key: token.key,
      used_quota: 0,
      created_time: token.created_time,
    });
  });
});

describe('hostile paths, queries and methods', () => {
  it('answers ids that are not positive integers with 400, and dot segments with another route', async () => {
    await expectAnsweredUnchanged(idPathCases(ids));
  });

  it('refuses query parameters out of their rules on list, search, summary and status-only, and ignores queries elsewhere', async () => {
    await expectAnsweredUnchanged(queryCases(ids));
  });

  it('answers 405 with the envelope for methods a route does not have', async () => {
    await expectAnsweredUnchanged(methodCases(ids));
  });
});

/** Valid names a person may well type: each is kept exactly as sent, byte for byte. */
const EXOTIC_NAMES = [
  '🔑 Production 🚀',
  '👨‍👩‍👧‍👦 family plan',
  '🇨🇳🇺🇸🇯🇵',
  'مفتاح الإنتاج',
  'מפתח ייצור',
  'key مفتاح 2',
  'Café',
  'Cafe\u0301',
  '生产环境密钥',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟙𝟚𝟛',
  'Z\u0324\u0354\u0367\u0311a\u0308\u0356\u032dl\u036e\u0312\u036bo\u0328\u0317\u034d',
  '😀'.repeat(50),
  'x'.repeat(50),
  "Robert'); DROP TABLE tokens;--",
  '" OR ""="',
  "' OR 1=1 --",
  '100% _real_ \\ name',
  'NEAR(a b) AND c* OR "d"',
  '$1 ?2 :name @id',
  '<script>alert(1)</script>',
  '{{constructor.constructor("x")()}}',
  '__proto__',
  'constructor',
  '=HYPERLINK("x")',
  'ＦＵＬＬＷＩＤＴＨ',
];

describe('valid but unusual input', () => {
  it('keeps emoji, right-to-left, combining and SQL-looking names, models and subnets exactly as sent', async () => {
    for (const name of EXOTIC_NAMES) {
      const models = `gpt-4o,${[...name].slice(0, 10).join('')}`;
      const created = await send({
        method: 'POST',
        path: '/api/token/',
        body: JSON.stringify({ name, models, subnet: '10.0.0.0/8,fd00::/8' }),
        headers: JSON_TYPE,
      });
      const token = tokenSchema.parse(expectEnvelope(`create ${name}`, created, 200));
      expect(token.name, name).toBe(name);
      expect(await storedToken(token.id), name).toMatchObject({ name, models });

      const renamed = await service.createToken({ name: 'To be renamed' });
      const updated = await send({
        method: 'PUT',
        path: '/api/token/',
        body: JSON.stringify({ id: renamed.id, name }),
        headers: JSON_TYPE,
      });
      expect(tokenSchema.parse(expectEnvelope(`rename to ${name}`, updated, 200)).name).toBe(name);
      expect((await storedToken(renamed.id))?.name, name).toBe(name);

      const found = await send({
        method: 'GET',
        path: `/api/token/?size=100&keyword=${encodeURIComponent(name)}`,
      });
      const page = expectEnvelope(`search ${name}`, found, 200) as { items: Token[] };
      expect(
        page.items.map((item) => item.id),
        name,
      ).toEqual(expect.arrayContaining([token.id, renamed.id]));
    }
  });

  it('accepts numbers at their bounds and in any JSON spelling of a whole number', async () => {
    const cases: [string, Partial<Token>][] = [
      ['{"name":"n1","remain_quota":1e15}', { remain_quota: 1e15 }],
      ['{"name":"n2","remain_quota":1000000000000000.0}', { remain_quota: 1e15 }],
      ['{"name":"n3","remain_quota":1.0}', { remain_quota: 1 }],
      ['{"name":"n4","remain_quota":-0}', { remain_quota: 0 }],
      ['{"name":"n5","remain_quota":5E+2}', { remain_quota: 500 }],
      ['{"name":"n6","remain_quota":1e-400}', { remain_quota: 0 }],
      ['{"name":"n7","expired_time":253402300799}', { expired_time: 253402300799 }],
      ['{"name":"n8","expired_time":-1.0}', { expired_time: -1 }],
      [
        '{"name":"n9","name":"duplicate key: the last wins"}',
        { name: 'duplicate key: the last wins' },
      ],
      ['\ufeff{"name":"after a byte order mark"}', { name: 'after a byte order mark' }],
    ];
    for (const [body, expected] of cases) {
      const answer = await send({ method: 'POST', path: '/api/token/', body, headers: JSON_TYPE });
      const token = tokenSchema.parse(expectEnvelope(body, answer, 200));
      expect(await storedToken(token.id), body).toMatchObject(expected);
    }
    for (const type of [
      'APPLICATION/JSON',
      'application/json;charset=UTF-8',
      'application/json ; charset=utf-8',
      'Application/Json; foo=bar',
    ]) {
      const answer = await send({
        method: 'POST',
        path: '/api/token/',
        body: JSON.stringify({ name: type }),
        headers: { 'Content-Type': type },
      });
      const token = tokenSchema.parse(expectEnvelope(type, answer, 200));
      expect((await storedToken(token.id))?.name).toBe(type);
    }
    for (const [value, stored] of [
      [0.5, '0.5'],
      [1e12, '1000000000000'],
      ['250000', '250000'],
    ] as const) {
      const answer = await send({
        method: 'PUT',
        path: '/api/option/',
        body: JSON.stringify({ key: 'QuotaPerUnit', value }),
        headers: JSON_TYPE,
      });
      expectEnvelope(`QuotaPerUnit ${value}`, answer, 200);
      expect((await snapshotStore(service.store)).options).toContainEqual({
        key: 'QuotaPerUnit',
        value: stored,
      });
    }
  });

  it('matches SQL and search meta-characters literally: each search finds exactly the names containing it', async () => {
    const everything = (await snapshotStore(service.store)).tokens;
    const keywords = [
      '%',
      '_',
      '\\',
      "'",
      '"',
      '*',
      '(',
      "' OR 1=1 --",
      '" OR ""="',
      'a OR b',
      'NEAR(a b)',
      '"hi"',
      '^',
      ':',
      '-',
      '100%',
      '%quota',
      '_test',
      'a*b',
      "O'B",
      'back\\',
      '\u0000',
      'a\u0000',
      ' ',
      '%%%',
      '___',
      'ünï',
      'ÜNÏ',
      '生产',
      '; DROP TABLE tokens',
      ')',
      '")',
      '\\%',
      '[a-z]',
    ];
    for (const keyword of keywords) {
      const needle = keyword.trim().toLowerCase();
      const expected = everything
        .filter((token) => token.name.toLowerCase().includes(needle))
        .map((token) => token.id)
        .sort((a, b) => a - b);
      const query = `keyword=${encodeURIComponent(keyword)}`;
      for (const path of [
        `/api/token/?size=100&order=id&${query}`,
        `/api/token/search?size=100&order=id&${query}`,
      ]) {
        const answer = await send({ method: 'GET', path });
        const page = expectEnvelope(path, answer, 200) as { items: Token[]; total: number };
        expect(
          page.items.map((token) => token.id),
          `keyword ${JSON.stringify(keyword)}`,
        ).toEqual(expected.slice(0, 100));
        expect(page.total).toBe(expected.length);
      }
      const summary = await send({ method: 'GET', path: `/api/token/summary?${query}` });
      expect((expectEnvelope(query, summary, 200) as { total: number }).total).toBe(
        expected.length,
      );
    }
    const withKey = everything[0]!;
    for (const [token, expected] of [
      [`sk-${withKey.key}`, [withKey.id]],
      [` ${withKey.key} `, [withKey.id]],
      ["sk-' OR '1'='1", []],
      ['%', []],
      [withKey.key.slice(0, 47), []],
      [`${withKey.key}%`, []],
      ['\u0000', []],
    ] as const) {
      const answer = await send({
        method: 'GET',
        path: `/api/token/?token=${encodeURIComponent(token)}`,
      });
      const page = expectEnvelope(`token ${token}`, answer, 200) as { items: Token[] };
      expect(page.items.map((item) => item.id)).toEqual(expected);
    }
    for (const query of [
      '__proto__=1',
      'constructor=1&toString=2',
      'p=1&p=2',
      'p[]=1',
      'size=10&size=x',
      'unknown=%00',
    ]) {
      const answer = await send({ method: 'GET', path: `/api/token/?${query}` });
      expectEnvelope(query, answer, 200);
    }
  });
});

interface RawCase {
  label: string;
  request: string | Buffer | readonly (string | Buffer)[];
  /** 0: the connection may close unanswered. */
  status: number;
  /** How long to wait for an answer that may not come. */
  waitMs?: number;
}

/** Requests fetch would not send as written. */
function rawCases(): RawCase[] {
  const id = ids.existing;
  const get = (target: string, headers: string[] = [AUTH]) => httpRequest('GET', target, headers);
  const post = (target: string, extra: string[], body: string) =>
    `POST ${target} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\n${extra.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n${body}`;
  const oneMiB = JSON.stringify({ name: 'Big', padding: 'x'.repeat(1024 * 1024) });
  const chunkedMiB = [
    `POST /api/token/ HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
    ...Array.from({ length: 17 }, () => `10000\r\n${'x'.repeat(0x10000)}\r\n`),
    '0\r\n\r\n',
  ];
  return [
    { label: 'dot segments to an open route', request: get('/api/token/../status'), status: 200 },
    {
      label: 'dot segments to a guarded route, no key',
      request: get(`/api/status/../token/${id}`, []),
      status: 401,
    },
    {
      label: 'dot segments from /healthz, no key',
      request: get('/healthz/../api/token/', []),
      status: 401,
    },
    { label: 'single dot segment', request: get(`/api/token/./${id}`), status: 200 },
    { label: 'leading dot segment', request: get(`/./api/token/${id}`), status: 200 },
    {
      label: 'encoded dot segments',
      request: get(`/api/token/%2e%2e/token/${id}`, []),
      status: 401,
    },
    { label: 'double slash in front', request: get(`//api/token/${id}`), status: 404 },
    { label: 'double slash inside', request: get(`/api//token/${id}`), status: 404 },
    { label: 'double slash before the id', request: get(`/api/token//${id}`), status: 404 },
    {
      label: 'encoded slash in the id',
      request: get(`/api/token/${id}%2f..%2f${id}`),
      status: 400,
    },
    { label: 'encoded NUL in the id', request: get(`/api/token/${id}%00`), status: 400 },
    { label: 'raw NUL in the path', request: get(`/api/token/${id}\u0000`), status: 400 },
    { label: 'raw UTF-8 in the path', request: get('/api/token/é'), status: 400 },
    { label: 'tab in the path', request: get(`/api/token/\t${id}`), status: 400 },
    { label: 'asterisk target', request: get('*'), status: 400 },
    { label: 'OPTIONS *', request: httpRequest('OPTIONS', '*'), status: 400 },
    { label: 'target without a slash', request: get('api/token/'), status: 400 },
    { label: 'backslash in the path', request: get(`/api\\token/${id}`), status: 400 },
    {
      label: 'absolute-form target',
      request: get(`http://evil.example/api/token/${id}`),
      status: 200,
    },
    {
      label: 'absolute-form target, no key',
      request: get('http://evil.example/api/token/', []),
      status: 401,
    },
    {
      label: 'absolute-form with another scheme',
      request: get('ftp://evil.example/api/status'),
      status: 400,
    },
    {
      label: 'absolute-form that is not a URL',
      request: get('http://[::1/api/status'),
      status: 400,
    },
    {
      label: 'no Host header',
      request: `GET /api/status HTTP/1.1\r\nConnection: close\r\n\r\n`,
      status: 400,
    },
    {
      label: 'Host with a space',
      request: `GET /api/status HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`,
      status: 400,
    },
    {
      label: 'Host with a path',
      request: `GET /api/status HTTP/1.1\r\nHost: evil.example/x\r\nConnection: close\r\n\r\n`,
      status: 400,
    },
    { label: 'HTTP/1.0 without Host', request: `GET /api/status HTTP/1.0\r\n\r\n`, status: 200 },
    { label: 'lower-case method', request: httpRequest('get', '/api/status'), status: 400 },
    { label: 'unknown method', request: httpRequest('FOO', '/api/status'), status: 400 },
    {
      label: 'TRACE on a guarded route',
      request: httpRequest('TRACE', '/api/token/', [AUTH]),
      status: 405,
    },
    { label: 'TRACE on /api/status', request: httpRequest('TRACE', '/api/status'), status: 405 },
    {
      label: 'request line of 20 KiB',
      request: get(`/api/token/?keyword=${'a'.repeat(20_000)}`),
      status: 431,
    },
    {
      label: 'header of 20 KiB',
      request: get('/api/token/', [AUTH, `X-Long: ${'a'.repeat(20_000)}`]),
      status: 431,
    },
    {
      label: 'NUL in a header',
      request: get('/api/token/', [AUTH, 'X-Bad: a\u0000b']),
      status: 400,
    },
    { label: 'folded header', request: get('/api/token/', [AUTH, ' X-Folded: a']), status: 400 },
    {
      label: 'bare LF line ends',
      request: `GET /api/status HTTP/1.1\nHost: localhost\nConnection: close\n\n`,
      status: 400,
    },
    {
      label: 'Content-Length and Transfer-Encoding together',
      request: post(
        '/api/token/',
        ['Content-Type: application/json', 'Content-Length: 16', 'Transfer-Encoding: chunked'],
        '10\r\n{"name":"Smug"}\r\n0\r\n\r\n',
      ),
      status: 400,
    },
    {
      label: 'two different Content-Lengths',
      request: post(
        '/api/token/',
        ['Content-Type: application/json', 'Content-Length: 15', 'Content-Length: 16'],
        '{"name":"Twice"}',
      ),
      status: 400,
    },
    {
      label: 'chunk size that is not hex',
      request: post(
        '/api/token/',
        ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
        'zz\r\n{"name":"Chunk"}\r\n0\r\n\r\n',
      ),
      status: 400,
    },
    {
      label: '1 MiB body with its length declared',
      request: post(
        '/api/token/',
        ['Content-Type: application/json', `Content-Length: ${oneMiB.length}`],
        oneMiB,
      ),
      status: 413,
    },
    { label: '1 MiB chunked body without a length', request: chunkedMiB, status: 413 },
    {
      label: 'body shorter than its Content-Length, then the client stops',
      request: post(
        '/api/token/',
        ['Content-Type: application/json', 'Content-Length: 100'],
        '{"name":"Cut',
      ),
      status: 0,
      waitMs: 300,
    },
    {
      label: 'no Content-Type over the wire',
      request: post('/api/token/', ['Content-Length: 14'], '{"name":"Raw"}'),
      status: 415,
    },
    {
      label: 'invalid UTF-8 in the query',
      request: get('/api/token/?keyword=%ff%fe%00'),
      status: 200,
    },
    { label: 'overlong UTF-8 in the path', request: get('/api/token/%c0%ae%c0%ae/'), status: 400 },
  ];
}

describe('hostile requests over a raw socket', () => {
  it('answers each with the envelope and the right status, and changes nothing', async () => {
    const before = await snapshotStore(service.store);
    for (const c of rawCases()) {
      tried += 1;
      triedRaw += 1;
      const answer = await rawRequest(listening.port, c.request, { timeoutMs: c.waitMs });
      if (c.status === 0 && answer.status === 0) continue;
      if (c.status !== 0) expect(answer.status, c.label).toBe(c.status);
      expect(answer.status, c.label).toBeLessThan(500);
      expectEnvelope(
        c.label,
        {
          status: answer.status,
          contentType: answer.headers['content-type'] ?? null,
          text: answer.body,
        },
        answer.status,
      );
      expect(await snapshotStore(service.store), c.label).toEqual(before);
    }
    // Still serving after all of it.
    expect((await rawRequest(listening.port, httpRequest('GET', '/healthz'))).status).toBe(200);
  });

  it('never serves a file from outside the dashboard folder', async () => {
    const targets = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/..%c0%afsecret.txt',
      '/.%2e/secret.txt',
      '//secret.txt',
      '/assets//..//..//secret.txt',
      `/${encodeURIComponent(join(root, 'secret.txt'))}`,
      `/${join(root, 'secret.txt')}`,
      '/assets/%00../../secret.txt',
      '/%00',
      '/index.html%00.js',
    ];
    for (const target of targets) {
      tried += 1;
      triedRaw += 1;
      const answer = await rawRequest(listening.port, httpRequest('GET', target));
      expect(answer.status, target).toBeGreaterThanOrEqual(200);
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.body, target).not.toContain(SECRET);
      if (answer.status === 200) expect(answer.body, target).toBe(INDEX_HTML);
    }
  });
});
