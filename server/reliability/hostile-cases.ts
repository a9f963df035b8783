/**
 * The inputs hostile-input.test.ts sends: every route and method, with broken, oversized,
 * mistyped and tricky requests, each with the status the contract (docs/api.md) asks for.
 */

/** A request through the app (as fetch would send it) and the status it must get. */
export interface HostileCase {
  label: string;
  method: string;
  path: string;
  /** Sent as is; a Uint8Array gets no Content-Type unless one is given. */
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  headers?: Record<string, string>;
  status: number;
}

/** Tokens every case may refer to: one to update, one to reveal, an id that never existed. */
export interface Ids {
  existing: number;
  missing: number;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const ONE_MIB = 1024 * 1024;

const json = (value: unknown) => JSON.stringify(value);

interface WriteRoute {
  route: string;
  method: string;
  path: string;
  /** A body the route would accept: the wrong-framing cases wrap it. */
  valid: Record<string, unknown>;
}

export function writeRoutes(ids: Ids): WriteRoute[] {
  return [
    { route: 'create', method: 'POST', path: '/api/token/', valid: { name: 'Valid name' } },
    { route: 'update', method: 'PUT', path: '/api/token/', valid: { id: ids.existing, name: 'X' } },
    {
      route: 'status only',
      method: 'PUT',
      path: '/api/token/?status_only=true',
      valid: { id: ids.existing, status: 2 },
    },
    {
      route: 'batch delete',
      method: 'POST',
      path: '/api/token/batch',
      valid: { ids: [ids.existing] },
    },
    {
      route: 'options',
      method: 'PUT',
      path: '/api/option/',
      valid: { key: 'QuotaPerUnit', value: '1000' },
    },
  ];
}

/** Not JSON at all, or not an object: 400 on every write route. */
const NOT_JSON_OBJECTS: string[] = [
  '',
  ' ',
  '\n',
  '{',
  '}',
  '{"name":',
  '{"name":"x"',
  '{"name":"x",}',
  '{"name":"x"}}',
  '{"name":"x"} {}',
  '{"name":"x"}garbage',
  "{'name':'x'}",
  '{name:"x"}',
  '{"name":x}',
  '{"remain_quota":NaN}',
  '{"remain_quota":Infinity}',
  '{"remain_quota":-Infinity}',
  '{"remain_quota":undefined}',
  '{"remain_quota":0x10}',
  '{"remain_quota":01}',
  '{"remain_quota":+1}',
  '{"remain_quota":.5}',
  '{"remain_quota":1.}',
  '{"remain_quota":1e}',
  '/* comment */ {"name":"x"}',
  '{"name":"x"} // comment',
  '{"name":"\\x41"}',
  '{"name":"\\u12"}',
  '{"name":"tab\tinside"}',
  '{"name":"new\nline"}',
  '\u0000{"name":"x"}',
  '{"name":"x"}\u0000',
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1e999',
  '"name"',
  '[]',
  '[{"name":"x"}]',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

/** Content types that are not application/json: 415 with an otherwise valid body. */
const NOT_JSON_TYPES = [
  '',
  'text/plain',
  'text/json',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
  'application/json5',
  'application/json-patch+json',
  'application/ld+json',
  'application/octet-stream',
  'application',
  'json',
  '*/*',
  'application/json, text/plain',
  'application/ json',
  'application/json+x',
  'application\\json',
];

/** Malformed JSON, non-objects, wrong content types, bad bytes and 1 MiB bodies. */
export function framingCases(ids: Ids): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const { route, method, path, valid } of writeRoutes(ids)) {
    const at = `${route} (${method} ${path})`;
    for (const body of NOT_JSON_OBJECTS) {
      cases.push({
        label: `${at}: body ${JSON.stringify(body.slice(0, 40))}`,
        method,
        path,
        body,
        headers: JSON_TYPE,
        status: 400,
      });
    }
    const encoded = new TextEncoder().encode(json(valid));
    cases.push({
      label: `${at}: no Content-Type`,
      method,
      path,
      body: encoded,
      status: 415,
    });
    for (const type of NOT_JSON_TYPES) {
      cases.push({
        label: `${at}: Content-Type ${JSON.stringify(type)}`,
        method,
        path,
        body: json(valid),
        headers: { 'Content-Type': type },
        status: 415,
      });
    }
    cases.push(
      {
        label: `${at}: bytes that are not UTF-8`,
        method,
        path,
        body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
        headers: JSON_TYPE,
        status: 400,
      },
      {
        label: `${at}: UTF-16 body`,
        method,
        path,
        body: new Uint8Array(Buffer.from(json(valid), 'utf16le')),
        headers: { 'Content-Type': 'application/json; charset=utf-16' },
        status: 400,
      },
      {
        label: `${at}: 1 MiB JSON with its length declared`,
        method,
        path,
        body: json({ ...valid, padding: 'x'.repeat(ONE_MIB) }),
        headers: { ...JSON_TYPE, 'Content-Length': String(ONE_MIB + 100) },
        status: 413,
      },
      {
        label: `${at}: 1 MiB JSON without a declared length`,
        method,
        path,
        body: json({ ...valid, padding: 'x'.repeat(ONE_MIB) }),
        headers: JSON_TYPE,
        status: 413,
      },
      {
        label: `${at}: 1 MiB streamed in chunks, no length`,
        method,
        path,
        body: () => streamOf('{"padding":"', 'x'.repeat(64 * 1024), 16, '"}'),
        headers: JSON_TYPE,
        status: 413,
      },
      {
        label: `${at}: 1 MiB streamed under a false small length`,
        method,
        path,
        body: () => streamOf('{"padding":"', 'x'.repeat(64 * 1024), 16, '"}'),
        headers: { ...JSON_TYPE, 'Content-Length': '20' },
        status: 413,
      },
      {
        label: `${at}: 1 MiB of "{"`,
        method,
        path,
        body: '{'.repeat(ONE_MIB),
        headers: JSON_TYPE,
        status: 413,
      },
      {
        label: `${at}: 1 MiB declared as text/plain`,
        method,
        path,
        body: 'x'.repeat(ONE_MIB),
        headers: { 'Content-Type': 'text/plain', 'Content-Length': String(ONE_MIB) },
        status: 413,
      },
    );
  }
  return cases;
}

function streamOf(
  head: string,
  chunk: string,
  times: number,
  tail: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode(head));
      if (sent < times) controller.enqueue(encoder.encode(chunk));
      else {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      }
      sent += 1;
    },
  });
}

/** Raw JSON texts for numbers JSON.stringify cannot write. */
const raw = (text: string) => ({ raw: text });
type Value = unknown;

const NOT_TEXT: Value[] = [null, 0, 1, -1, 1.5, true, false, [], {}, ['x'], { a: 'x' }];
const CONTROL_CHARACTERS = [
  '\u0000',
  'a\u0000b',
  'a\u0007b',
  '\u001b[31mred',
  'a\u007fb',
  'a\u0085b',
  'a\u009bb',
  'line\nbreak',
  'carriage\rreturn',
  'a\tb',
  'a\u000bb',
  'a\u000cb',
];
const LONE_SURROGATES = ['\ud800', 'a\udfffb', '\ud83d', 'x\ude00'];
/** Numbers that are not whole, too large, negative or not numbers at all. */
const NOT_QUOTA: Value[] = [
  null,
  '5',
  '',
  true,
  [],
  {},
  [5],
  -1,
  -0.5,
  0.5,
  1.5,
  1e-7,
  999_999_999_999_999.9,
  1e15 + 1,
  1e16,
  2 ** 53,
  Number.MAX_VALUE,
  raw('9007199254740993'),
  raw('123456789012345678901234567890'),
  raw('1e309'),
  raw('-1e309'),
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
];
const NOT_EXPIRY: Value[] = [
  null,
  '-1',
  'never',
  '',
  true,
  [],
  {},
  -2,
  -1.5,
  1.5,
  253_402_300_800,
  1e300,
  raw('1e309'),
  raw('-1e309'),
  Number.MIN_SAFE_INTEGER,
];
const NOT_BOOLEAN: Value[] = [null, 0, 1, 'true', 'false', '', 'yes', [], {}, [true]];
const NOT_ID: Value[] = [
  null,
  0,
  -1,
  -0,
  1.5,
  0.5,
  '1',
  '',
  'abc',
  true,
  [],
  {},
  [1],
  2 ** 53,
  1e20,
  raw('9007199254740993'),
  raw('1e309'),
  raw('-1e309'),
];
const NOT_STATUS: Value[] = [null, 0, 5, -1, 1.5, '1', '2', true, [], {}, [1]];

/** Writes a body, keeping raw number texts as they are. */
function bodyText(entries: readonly [string, Value][]): string {
  return `{${entries
    .map(([key, value]) => {
      const text =
        typeof value === 'object' && value !== null && 'raw' in value
          ? String(value.raw)
          : JSON.stringify(value);
      return `${JSON.stringify(key)}:${text}`;
    })
    .join(',')}}`;
}

/** Each field of each body given a value of the wrong type or out of bounds: 400. */
export function fieldCases(ids: Ids): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (route: string, method: string, path: string, entries: [string, Value][]) => {
    const body = bodyText(entries);
    cases.push({
      label: `${route}: ${body.slice(0, 80)}`,
      method,
      path,
      body,
      headers: JSON_TYPE,
      status: 400,
    });
  };
  const badText = (max: number) => [
    ...NOT_TEXT,
    ...CONTROL_CHARACTERS,
    ...LONE_SURROGATES,
    'x'.repeat(max + 1),
  ];
  const badName = [...badText(50), '', '   ', '\u3000', '😀'.repeat(51)];

  const create = (field: string, value: Value) =>
    add('create', 'POST', '/api/token/', [
      ['name', 'Hostile'],
      [field, value],
    ]);
  const update = (field: string, value: Value) =>
    add('update', 'PUT', '/api/token/', [
      ['id', ids.existing],
      [field, value],
    ]);
  for (const write of [create, update]) {
    for (const value of badName) write('name', value);
    for (const value of NOT_QUOTA) write('remain_quota', value);
    for (const value of NOT_EXPIRY) write('expired_time', value);
    for (const value of NOT_BOOLEAN) write('unlimited_quota', value);
    for (const value of badText(4096)) write('models', value);
    for (const value of badText(4096)) write('subnet', value);
  }
  add('create', 'POST', '/api/token/', []);
  add('create', 'POST', '/api/token/', [['remain_quota', 5]]);
  for (const value of NOT_STATUS) update('status', value);
  for (const value of NOT_ID) {
    add('update', 'PUT', '/api/token/', [
      ['id', value],
      ['name', 'X'],
    ]);
    add('status only', 'PUT', '/api/token/?status_only=true', [
      ['id', value],
      ['status', 2],
    ]);
    add('batch delete', 'POST', '/api/token/batch', [['ids', [value]]]);
  }
  add('update', 'PUT', '/api/token/', [['name', 'No id']]);
  for (const value of NOT_STATUS) {
    add('status only', 'PUT', '/api/token/?status_only=true', [
      ['id', ids.existing],
      ['status', value],
    ]);
  }
  add('status only', 'PUT', '/api/token/?status_only=true', [['id', ids.existing]]);
  add('status only', 'PUT', '/api/token/?status_only=true', [['status', 2]]);
  for (const value of [null, 1, '1', '1,2', {}, [], [[1]], [{}], 'all', true]) {
    add('batch delete', 'POST', '/api/token/batch', [['ids', value]]);
  }
  add('batch delete', 'POST', '/api/token/batch', [
    ['ids', Array.from({ length: 101 }, (_, i) => i + 1)],
  ]);
  add('batch delete', 'POST', '/api/token/batch', [['ids', [ids.existing, 'x']]]);
  add('batch delete', 'POST', '/api/token/batch', []);

  const option = (entries: [string, Value][]) => add('options', 'PUT', '/api/option/', entries);
  for (const key of [
    null,
    1,
    '',
    'quotaperunit',
    'QuotaPerUnit ',
    ' QuotaPerUnit',
    'QUOTAPERUNIT',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    "QuotaPerUnit'; DROP TABLE options; --",
    [],
    {},
  ]) {
    option([
      ['key', key],
      ['value', '1'],
    ]);
  }
  for (const value of [
    null,
    true,
    [],
    {},
    [1],
    '',
    ' ',
    'abc',
    '0',
    0,
    -1,
    '-1',
    1e12 + 1,
    '1e13',
    'Infinity',
    'NaN',
    '1,000',
    raw('1e309'),
    raw('-0'),
  ]) {
    option([
      ['key', 'QuotaPerUnit'],
      ['value', value],
    ]);
  }
  for (const value of [null, 1, 0, '1', '0', 'yes', 'TRUE', 'True', '', [], {}]) {
    option([
      ['key', 'DisplayInCurrencyEnabled'],
      ['value', value],
    ]);
  }
  option([['key', 'QuotaPerUnit']]);
  option([['value', '1']]);
  option([]);
  return cases;
}

/**
 * `__proto__` and `constructor` keys must neither set fields through a prototype nor reach
 * Object.prototype. Those with an id and nothing else to change are valid no-op updates (200).
 */
export function prototypeCases(ids: Ids): HostileCase[] {
  const cases: [string, string, string, number][] = [
    [
      'PUT',
      '/api/token/',
      `{"__proto__":{"id":${ids.existing}},"name":"Through a prototype"}`,
      400,
    ],
    ['PUT', '/api/token/', `{"constructor":{"prototype":{"id":${ids.existing}}},"name":"X"}`, 400],
    [
      'PUT',
      '/api/token/',
      `{"id":${ids.existing},"__proto__":{"name":"Through a prototype","status":2}}`,
      200,
    ],
    ['PUT', '/api/token/', `{"id":${ids.existing},"constructor":{"name":"X"}}`, 200],
    ['PUT', '/api/token/?status_only=true', `{"id":${ids.existing},"__proto__":{"status":2}}`, 400],
    ['POST', '/api/token/batch', `{"__proto__":{"ids":[${ids.existing}]}}`, 400],
    ['POST', '/api/token/batch', `{"constructor":{"ids":[${ids.existing}]}}`, 400],
    ['POST', '/api/token/', '{"__proto__":{"name":"Through a prototype"}}', 400],
    ['PUT', '/api/option/', '{"__proto__":{"key":"QuotaPerUnit","value":"1"}}', 400],
    ['PUT', '/api/option/', '{"key":"__proto__","value":{"polluted":true}}', 400],
    ['PUT', '/api/option/', '{"key":"QuotaPerUnit","value":{"__proto__":{"valueOf":1}}}', 400],
    ['PUT', '/api/option/', '{"key":"constructor","value":"1"}', 400],
  ];
  return cases.map(([method, path, body, status]) => ({
    label: `${method} ${path}: ${body}`,
    method,
    path,
    body,
    headers: JSON_TYPE,
    status,
  }));
}

/** Path segments where an id belongs: none is a positive integer, so 400, or another route. */
export function idPathCases(ids: Ids): HostileCase[] {
  const notIds = [
    '0',
    '-1',
    '-0',
    '1.5',
    '1.0',
    '1e3',
    '0x1',
    '+1',
    '%201',
    '1%20',
    '%09',
    'abc',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    'toString',
    '%EF%BC%91',
    '%D9%A1',
    '99999999999999999',
    '9007199254740993',
    '%00',
    '1%00',
    '%',
    '%zz',
    '%ff',
    '%c0%ae%c0%ae',
    '1%2f2',
    '1%252f2',
    '..%2f',
    '%2e%2e%2f',
    '..%2fstatus',
    '%2e%2e%2fstatus',
    '1%2f..%2f1',
    '%2f',
    '%5c',
    '1%5c',
    '1;x',
    '1%3bx',
    '%0d%0a',
    '1%0d%0aX-Injected:%20yes',
    "1'%20OR%20'1'='1",
    '1%20OR%201=1',
    '1;DROP%20TABLE%20tokens',
    '(1)',
    '[1]',
    '%F0%9F%94%91',
    '*',
    '%2a',
    '$',
  ];
  const cases: HostileCase[] = [];
  for (const segment of notIds) {
    for (const [method, suffix] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/key'],
    ] as const) {
      cases.push({
        label: `${method} /api/token/${segment}${suffix}`,
        method,
        path: `/api/token/${segment}${suffix}`,
        status: 400,
      });
    }
  }
  // Dot segments are resolved before routing: they lead elsewhere, never around the id check.
  const elsewhere: [string, string, number][] = [
    ['GET', '/api/token/..', 404],
    ['GET', '/api/token/%2e%2e', 404],
    ['GET', '/api/token/%2E%2E', 404],
    ['DELETE', '/api/token/..', 404],
    ['DELETE', '/api/token/.', 405],
    ['DELETE', '/api/token/%2e', 405],
    ['DELETE', `/api/token/${ids.existing}//`, 404],
    ['DELETE', `/api/token/%2e%2e/${ids.existing}`, 404],
    ['POST', '/api/token/../key', 404],
    ['POST', '/api/token/./key', 405],
    ['POST', '/api/token/%2e/key', 405],
    ['POST', `/api/token/${ids.existing}//key`, 404],
    ['GET', `/api/token/${ids.missing}`, 404],
    ['DELETE', `/api/token/${ids.missing}`, 404],
    ['POST', `/api/token/${ids.missing}/key`, 404],
    ['DELETE', `//api/token/${ids.existing}`, 404],
    ['DELETE', `/api//token/${ids.existing}`, 404],
    ['DELETE', `/api/token//${ids.existing}`, 404],
    ['DELETE', `/api/token/${ids.existing}/key`, 405],
    ['DELETE', `/api/Token/${ids.existing}`, 404],
    ['DELETE', `/api/token%2f${ids.existing}`, 404],
  ];
  for (const [method, path, status] of elsewhere) {
    cases.push({ label: `${method} ${path}`, method, path, status });
  }
  return cases;
}

/** Query strings breaking a rule of list, search, summary or status-only (400); ignored ones (200). */
export function queryCases(ids: Ids): HostileCase[] {
  const bad: [string, string[]][] = [
    [
      'p',
      ['0', '-1', '1.5', '1e3', 'abc', '%00', ' 1', '0x1', '99999999999999999999', '1000000001'],
    ],
    ['size', ['0', '101', '-5', '1.5', '1e2', 'abc', '%2B1', '100000000000000000000']],
    ['status', ['0', '5', '1.0', '-1', 'abc', 'enabled', '%00', '1%00']],
    [
      'order',
      [
        'bogus',
        '-',
        '--id',
        '%2Bid',
        'ID',
        'id%20DESC',
        'id;DROP%20TABLE%20tokens',
        'name%20COLLATE%20NOCASE',
        '(SELECT%201)',
        'key',
        '-key',
        'id,name',
      ],
    ],
    ['keyword', ['x'.repeat(201), '%F0%9F%94%91'.repeat(201)]],
    ['token', ['x'.repeat(201)]],
  ];
  const cases: HostileCase[] = [];
  for (const [param, values] of bad) {
    for (const value of values) {
      for (const route of ['/api/token/', '/api/token/search', '/api/token/summary']) {
        // The summary takes only keyword and token: the other parameters are not its business.
        if (route.endsWith('summary') && param !== 'keyword' && param !== 'token') continue;
        const path = `${route}?${param}=${value}`;
        cases.push({ label: `GET ${path.slice(0, 80)}`, method: 'GET', path, status: 400 });
      }
    }
  }
  for (const value of ['yes', '2', 'TRUE', 'on', '%00', 'true%00']) {
    const path = `/api/token/?status_only=${value}`;
    cases.push({
      label: `PUT ${path}`,
      method: 'PUT',
      path,
      body: json({ id: ids.existing, status: 2 }),
      headers: JSON_TYPE,
      status: 400,
    });
  }
  // Routes that take no query ignore one, however odd.
  for (const path of [
    '/api/option/?key=__proto__&value=1',
    `/api/token/${ids.existing}?__proto__[id]=1`,
    '/api/status?%00=%ff',
    '/healthz?constructor=1&x=%',
  ]) {
    cases.push({ label: `GET ${path}`, method: 'GET', path, status: 200 });
  }
  return cases;
}

/** Methods a route does not have: 405 with the envelope, whatever the method's spelling. */
export function methodCases(ids: Ids): HostileCase[] {
  const routes: [string, string[]][] = [
    ['/api/token/', ['DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'PURGE', 'LINK']],
    ['/api/token/search', ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']],
    ['/api/token/summary', ['POST', 'PUT', 'DELETE', 'PATCH']],
    ['/api/token/batch', ['GET', 'PUT', 'DELETE', 'PATCH']],
    [`/api/token/${ids.existing}`, ['POST', 'PUT', 'PATCH', 'OPTIONS']],
    [`/api/token/${ids.existing}/key`, ['GET', 'PUT', 'DELETE', 'PATCH']],
    ['/api/option/', ['POST', 'DELETE', 'PATCH']],
    ['/api/status', ['POST', 'PUT', 'DELETE', 'PATCH']],
    ['/healthz', ['POST', 'PUT', 'DELETE', 'PATCH']],
  ];
  return routes.flatMap(([path, methods]) =>
    methods.map((method) => ({ label: `${method} ${path}`, method, path, status: 405 })),
  );
}
