import type { Operation } from '../../contract/operation';
import type { MessageKey } from '../../lib/i18n/en';
import { enExplorer } from '../../lib/i18n/en-explorer';
import type { Translate } from '../../lib/i18n/translate';

/*
 * The catalogue holds each operation's texts by its id. An operation the catalogue does not know
 * yet still shows, in the contract's English; a test holds the catalogue to the contract.
 */

const known = (key: string): key is MessageKey => Object.hasOwn(enExplorer, key);

function translated(key: string, fallback: string, t: Translate): string {
  return known(key) ? t(key) : fallback;
}

export const summaryKey = (operation: Operation) => `explorer.op.${operation.id}`;
export const descriptionKey = (operation: Operation) => `explorer.about.${operation.id}`;
export const fieldKey = (name: string) => `explorer.field.${name}`;
/** A parameter's text for one operation, where its name means something else than elsewhere. */
export const operationFieldKey = (operation: Operation, name: string) =>
  `explorer.field.${operation.id}.${name}`;
export const exampleKey = (operation: Operation, index: number) =>
  `explorer.example.${operation.id}.${index}`;

export const operationSummary = (operation: Operation, t: Translate) =>
  translated(summaryKey(operation), operation.summary, t);

export const operationDescription = (operation: Operation, t: Translate) =>
  translated(descriptionKey(operation), operation.description, t);

export const exampleTitle = (operation: Operation, index: number, t: Translate) =>
  translated(exampleKey(operation, index), operation.examples[index]?.title ?? '', t);

/** What a parameter means, or null when neither the catalogue nor the schema says. */
export function fieldDescription(
  operation: Operation,
  name: string,
  fallback: string | undefined,
  t: Translate,
): string | null {
  const own = operationFieldKey(operation, name);
  return (known(own) ? t(own) : translated(fieldKey(name), fallback ?? '', t)) || null;
}
