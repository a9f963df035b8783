import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/operations';
import { enExplorer } from '../../lib/i18n/en-explorer';
import { zhCNExplorer } from '../../lib/i18n/zh-CN-explorer';
import { offeredOperations } from './offered-operations';
import {
  descriptionKey,
  exampleKey,
  fieldKey,
  operationFieldKey,
  summaryKey,
} from './operation-texts';
import { paramFields } from './param-fields';

const catalogue = enExplorer as Record<string, string>;
const chinese = zhCNExplorer as Record<string, string>;

describe('the explorer’s texts', () => {
  const offered = offeredOperations('tokendesk');

  it('say in both languages what each operation does, in the contract’s English', () => {
    for (const operation of offered) {
      expect(catalogue[summaryKey(operation)], operation.id).toBe(operation.summary);
      expect(catalogue[descriptionKey(operation)], operation.id).toBe(operation.description);
      expect(chinese[summaryKey(operation)], operation.id).toBeTruthy();
      expect(chinese[descriptionKey(operation)], operation.id).toBeTruthy();
    }
  });

  it('explain every parameter, as its schema does where it has a description', () => {
    for (const operation of offered) {
      for (const field of paramFields(operation)) {
        const text =
          catalogue[operationFieldKey(operation, field.name)] ?? catalogue[fieldKey(field.name)];
        expect(text, `${operation.id} ${field.name}`).toBeTruthy();
        if (field.description) expect(text, operation.id).toBe(field.description);
      }
    }
  });

  it('name the examples of an operation that has several', () => {
    for (const operation of OPERATIONS.filter((op) => op.examples.length > 1)) {
      operation.examples.forEach((_example, index) =>
        expect(catalogue[exampleKey(operation, index)], operation.id).toBeTruthy(),
      );
    }
  });
});
