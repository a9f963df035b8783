/** Paths, query strings and methods the routes must refuse, or lead elsewhere. */
import { JSON_TYPE, json, type Ids, type HostileCase } from './hostile-cases';

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
