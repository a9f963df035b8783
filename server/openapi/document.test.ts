import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationExample } from '../../src/contract/operation';
import { OPERATIONS } from '../../src/contract/operations';
import { startTestService, type TestService } from '../test-support';
import { checkAnswer } from './answer-check';
import { openApiDocument } from './document';

const document = openApiDocument();

let service: TestService;
beforeAll(() => {
  service = startTestService();
});
afterAll(() => service.close());

type Paths = Record<
  string,
  Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>
>;
const paths = document.paths as Paths;

/** "/api/token/:id" and "/api/token/{id}/" are one route; the slash is optional on every route. */
const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate({ ...document });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route the service registers, and no other', () => {
    const registered = new Set(
      service.app.routes
        // Middleware is registered for ALL methods; /* is the dashboard's files; /v1 is OpenAI's
        // API, which docs/gateway.md describes, not this document.
        .filter(
          (route) =>
            route.method !== 'ALL' && route.path !== '/*' && !route.path.startsWith('/v1/'),
        )
        .map((route) => routeKey(route.method, route.path)),
    );
    const documented = new Set(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => routeKey(method, path)),
      ),
    );
    expect([...documented].sort()).toEqual([...registered].sort());
    expect(documented.size).toBe(OPERATIONS.length);
  });

  it('takes the seed create body and refuses remain_quota "x", as the service does', async () => {
    const ajv = new Ajv2020({ strict: false });
    const schema = paths['/api/token/']!.post!.requestBody!.content['application/json']!.schema;
    const validBody = ajv.compile(schema);
    const seed = OPERATIONS.find((op) => op.id === 'createToken')!.examples[0].body;
    expect(validBody(seed)).toBe(true);
    expect(validBody({ ...(seed as object), remain_quota: 'x' })).toBe(false);
    expect(validBody.errors?.[0]?.instancePath).toBe('/remain_quota');

    const accepted = await service.api('POST', '/api/token/', { json: seed });
    expect(accepted.status).toBe(200);
    const refused = await service.api('POST', '/api/token/', {
      json: { ...(seed as object), remain_quota: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^remain_quota/);
  });

  it('shows each parameter with its bounds and default', () => {
    const list = paths['/api/token/']!.get as unknown as {
      parameters: { name: string; schema: Record<string, unknown> }[];
    };
    const size = list.parameters.find((p) => p.name === 'size')!;
    expect(size.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    const order = list.parameters.find((p) => p.name === 'order')!;
    expect(order.schema.enum).toContain('-remain_quota');
  });
});

describe('the examples', () => {
  it('are requests the service takes', async () => {
    for (const operation of OPERATIONS) {
      for (const example of operation.examples) {
        const where = `${operation.id}, ${example.title}`;
        if (operation.params)
          expect(operation.params.safeParse(example.path).success, where).toBe(true);
        if (operation.query) {
          expect(operation.query.safeParse(example.query ?? {}).success, where).toBe(true);
        }
        if (operation.body)
          expect(operation.body.safeParse(example.body).success, where).toBe(true);
      }
    }
  });

  it('are the curl examples of docs/api.md, one for one', () => {
    const page = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const commands = page
      .replace(/\\\n\s*/g, '')
      .split('\n')
      // The service's own routes, written with the address the examples export.
      .filter((line) => line.startsWith('curl ') && line.includes('"$TOKENDESK'));
    const fromPage = commands.map((command) => {
      const method = /-X (\w+)/.exec(command)?.[1] ?? 'GET';
      const url = new URL(/"\$TOKENDESK([^"]*)"/.exec(command)![1]!, 'http://service');
      const body = /-d '([^']*)'/.exec(command)?.[1];
      return { method, url, body: body === undefined ? undefined : (JSON.parse(body) as unknown) };
    });

    const fromCatalogue = OPERATIONS.flatMap((operation) =>
      operation.examples.map((example: OperationExample) => {
        const pathname = operation.path.replace(
          /\{(\w+)\}/g,
          (_all, name: string) => example.path![name]!,
        );
        return {
          method: operation.method,
          url: new URL(
            `${pathname}?${new URLSearchParams(example.query).toString()}`,
            'http://service',
          ),
          body: example.body,
        };
      }),
    );
    const text = (r: { method: string; url: URL; body: unknown }) =>
      `${r.method} ${r.url.pathname}${r.url.search} ${JSON.stringify(r.body)}`;
    expect(fromPage.map(text).sort()).toEqual(fromCatalogue.map(text).sort());
  });
});

describe('the answer check', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const token = {
    id: 1,
    name: 'a',
    key: 'abcd**********wxyz',
    status: 1,
    remain_quota: 0,
    used_quota: 0,
    unlimited_quota: false,
    expired_time: -1,
    created_time: 1,
    accessed_time: 1,
    models: '',
    subnet: '',
    quota_reset_period: 'none',
    quota_reset_amount: 0,
    next_reset_time: -1,
    rpm_limit: 0,
    previous_key_valid_until: null,
  };

  it('takes an answer as documented', async () => {
    await expect(
      checkAnswer('GET', '/api/token/1', answer(200, { success: true, message: '', data: token })),
    ).resolves.toBeUndefined();
  });

  it('refuses a field missing, a field added, a status not listed and a bare failure', async () => {
    const { key: _key, ...keyless } = token;
    await expect(
      checkAnswer(
        'GET',
        '/api/token/1',
        answer(200, { success: true, message: '', data: keyless }),
      ),
    ).rejects.toThrow(/must have required property 'key'/);
    await expect(
      checkAnswer(
        'GET',
        '/api/token/1',
        answer(200, { success: true, message: '', data: { ...token, extra: 1 } }),
      ),
    ).rejects.toThrow(/additional properties/);
    await expect(
      checkAnswer('GET', '/api/token/1', answer(413, { success: false, message: 'x', data: null })),
    ).rejects.toThrow(/lists 200, 400, 401, 403, 404, 429, 500/);
    await expect(checkAnswer('GET', '/api/nothing', answer(404, { error: 'no' }))).rejects.toThrow(
      /not as the document says/,
    );
  });
});
