import { z } from 'zod';
import type { Operation, OperationExample } from '../../contract/operation';

export type ParamLocation = 'path' | 'query';

/** One path or query parameter, as its schema describes it to a form. */
export interface ParamField {
  name: string;
  location: ParamLocation;
  kind: 'integer' | 'choice' | 'text';
  required: boolean;
  /** The schema's default, as the form holds it (text); '' when there is none. */
  defaultValue: string;
  description?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  choices?: string[];
}

/** The part of a JSON Schema property the form reads. */
interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
}

function fieldOf(
  name: string,
  property: PropertySchema,
  location: ParamLocation,
  required: boolean,
): ParamField {
  const field = {
    name,
    location,
    required,
    defaultValue: property.default === undefined ? '' : String(property.default),
    ...(property.description ? { description: property.description } : {}),
  };
  const choices = property.enum ?? (property.const === undefined ? null : [property.const]);
  // An empty choice means "not given", which clearing the field already says.
  if (choices) return { ...field, kind: 'choice', choices: choices.map(String).filter(Boolean) };
  if (property.type === 'integer') {
    const min =
      property.minimum ??
      (property.exclusiveMinimum === undefined ? undefined : property.exclusiveMinimum + 1);
    const max =
      property.maximum ??
      (property.exclusiveMaximum === undefined ? undefined : property.exclusiveMaximum - 1);
    return { ...field, kind: 'integer', min, max };
  }
  return { ...field, kind: 'text', maxLength: property.maxLength };
}

/** Reads a parameters schema as its JSON Schema shows it: the input a client sends. */
function fieldsOf(schema: z.ZodObject | undefined, location: ParamLocation): ParamField[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, PropertySchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) =>
    fieldOf(name, property, location, json.required?.includes(name) ?? false),
  );
}

/** The operation's path parameters, then its query parameters. */
export function paramFields(operation: Operation): ParamField[] {
  return [...fieldsOf(operation.params, 'path'), ...fieldsOf(operation.query, 'query')];
}

/** Each field as the form starts: its default, then the example's value over it. */
export function exampleValues(
  fields: readonly ParamField[],
  example: OperationExample,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const given = field.location === 'path' ? example.path : example.query;
      return [field.name, given?.[field.name] ?? field.defaultValue];
    }),
  );
}

/** The example's body as the person edits it; '' for an operation without a body. */
export function exampleBody(operation: Operation, example: OperationExample): string {
  return operation.body ? JSON.stringify(example.body ?? {}, null, 2) : '';
}
