/** Bodies framed wrongly: not JSON, not an object, the wrong Content-Type, too large. */
import { JSON_TYPE, json, type Ids, type HostileCase } from './hostile-cases';

const ONE_MIB = 1024 * 1024;

interface WriteRoute {
  route: string;
  method: string;
  path: string;
  /** A body the route would accept: the wrong-framing cases wrap it. */
  valid: Record<string, unknown>;
  /** Every field is optional: any JSON object, however odd, is a request it carries out. */
  anyObject?: true;
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
    {
      route: 'verify',
      method: 'POST',
      path: '/api/token/verify',
      valid: { key: ids.existingKey, cost: 1 },
    },
    {
      route: 'rotate',
      method: 'POST',
      path: `/api/token/${ids.existing}/rotate`,
      valid: { grace_seconds: 60 },
      anyObject: true,
    },
    {
      route: 'usage report',
      method: 'POST',
      path: '/api/token/usage',
      valid: { token_id: ids.existing, quota: 1 },
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
  for (const { route, method, path, valid, anyObject } of writeRoutes(ids)) {
    const at = `${route} (${method} ${path})`;
    for (const body of NOT_JSON_OBJECTS) {
      if (anyObject && isJsonObject(body)) continue;
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

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
