/** Bodies whose fields break their rules, and keys that would reach a prototype. */
import { gatewayFieldCases } from './hostile-gateway-cases';
import {
  JSON_TYPE,
  NOT_ID,
  NOT_QUOTA,
  NOT_TEXT,
  raw,
  type Ids,
  type HostileCase,
} from './hostile-cases';

type Value = unknown;

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
    for (const value of [...NOT_TEXT, '', 'yearly', 'Daily', ' daily', 'daily\u0000']) {
      write('quota_reset_period', value);
    }
    for (const value of NOT_QUOTA) write('quota_reset_amount', value);
    for (const value of [...NOT_QUOTA, 1_000_001]) {
      write('rpm_limit', value);
    }
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

  gatewayFieldCases(ids, add);

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
