import { describe, expect, it } from 'vitest';
import type { Operation } from '../../contract/operation';
import { OPERATIONS } from '../../contract/operations';
import { exampleBody, exampleValues, paramFields } from './param-fields';
import { prepareRequest } from './request-draft';

const operation = (id: string): Operation => OPERATIONS.find((op) => op.id === id)!;

function prepare(id: string, values: Record<string, string> = {}, body?: string) {
  const op = operation(id);
  const fields = paramFields(op);
  return prepareRequest(
    op,
    fields,
    { ...exampleValues(fields, op.examples[0]), ...values },
    body ?? exampleBody(op, op.examples[0]),
  );
}

describe('a request checked before it is sent', () => {
  it('is made from the example as it stands, sent as typed', () => {
    expect(prepare('listTokens')).toEqual({
      ok: true,
      request: {
        method: 'GET',
        path: '/api/token/',
        query: { p: '1', size: '20', order: '-remain_quota' },
        body: undefined,
      },
    });
    const deleted = prepare('deleteToken', { id: '7' });
    expect(deleted.ok && deleted.request.path).toBe('/api/token/7');
    const created = prepare('createToken', {}, '{"name": "  spaced  "}');
    expect(created.ok && created.request.body).toEqual({ name: '  spaced  ' });
  });

  it('names the parameter the schema refuses', () => {
    const outcome = prepare('listTokens', { size: '500', p: '0' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.fields).toEqual({
      p: 'p must be a whole number from 1 to 1000000000',
      size: 'size must be a whole number from 1 to 100',
    });
    const path = prepare('getToken', { id: '' });
    expect(!path.ok && path.problems.fields.id).toMatch(/^id/);
  });

  it('refuses a body field of the wrong kind, naming it', () => {
    const outcome = prepare(
      'createToken',
      {},
      '{"name": "Production backend", "remain_quota": "x"}',
    );
    expect(outcome).toEqual({
      ok: false,
      problems: {
        fields: {},
        other: [],
        body: { kind: 'schema', message: 'remain_quota must be a whole number' },
      },
    });
  });

  it('tells JSON that does not parse apart from JSON the schema refuses', () => {
    const outcome = prepare('createToken', {}, '{"name": "a",}');
    expect(!outcome.ok && outcome.problems.body?.kind).toBe('json');
    const empty = prepare('setOption', {}, '');
    expect(!empty.ok && empty.problems.body?.kind).toBe('json');
  });
});
