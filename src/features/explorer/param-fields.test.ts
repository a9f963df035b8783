import { describe, expect, it } from 'vitest';
import type { Operation } from '../../contract/operation';
import { OPERATIONS } from '../../contract/operations';
import { exampleBody, exampleValues, paramFields } from './param-fields';

const operation = (id: string): Operation => OPERATIONS.find((op) => op.id === id)!;
const field = (id: string, name: string) =>
  paramFields(operation(id)).find((candidate) => candidate.name === name);

describe('the parameter form, read from the contract’s schemas', () => {
  it('gives whole numbers their bounds and default', () => {
    expect(field('listTokens', 'size')).toMatchObject({
      kind: 'integer',
      location: 'query',
      min: 1,
      max: 100,
      defaultValue: '10',
      required: false,
    });
    expect(field('listTokens', 'p')).toMatchObject({ min: 1, max: 1_000_000_000 });
    // A path id is a positive integer: "greater than 0" is read as "at least 1".
    expect(field('deleteToken', 'id')).toMatchObject({
      kind: 'integer',
      location: 'path',
      min: 1,
      required: true,
    });
  });

  it('offers enums and literals as choices, and limits text to its length', () => {
    expect(field('listTokens', 'order')).toMatchObject({ kind: 'choice', defaultValue: '-id' });
    expect(field('listTokens', 'order')?.choices).toContain('-remain_quota');
    expect(field('listTokens', 'status')).toMatchObject({
      kind: 'choice',
      choices: ['1', '2', '3', '4'],
      defaultValue: '',
    });
    expect(field('updateToken', 'status_only')?.choices).not.toContain('');
    expect(field('listTokens', 'keyword')).toMatchObject({ kind: 'text', maxLength: 200 });
  });

  it('starts from the defaults with the first example’s values over them', () => {
    const list = operation('listTokens');
    expect(exampleValues(paramFields(list), list.examples[0])).toEqual({
      p: '1',
      size: '20',
      keyword: '',
      token: '',
      status: '',
      order: '-remain_quota',
    });
    const update = operation('updateToken');
    expect(exampleValues(paramFields(update), update.examples[1]!)).toEqual({
      status_only: 'true',
    });
    expect(JSON.parse(exampleBody(update, update.examples[1]!))).toEqual({ id: 1, status: 2 });
    expect(exampleBody(operation('getStatus'), operation('getStatus').examples[0])).toBe('');
  });
});
