/** How the reference page writes a JSON Schema from the document: its type and its rules. */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** The component a `$ref` names: "#/components/schemas/Token" → "Token". */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** Bounds of a safe integer say nothing a reader needs: only narrower ones are shown. */
const SAFE = Number.MAX_SAFE_INTEGER;
const literal = (value: unknown) => JSON.stringify(value);

export function typeText(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeText).join(' or ');
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(', ');
  if (schema.type === 'array') return `array of ${schema.items ? typeText(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

const number = (n: number) => n.toLocaleString('en-US');

function range(min: number | undefined, max: number | undefined, unit = ''): string | null {
  if (min !== undefined && max !== undefined) return `${number(min)} to ${number(max)}${unit}`;
  if (min !== undefined) return `at least ${number(min)}${unit}`;
  if (max !== undefined) return `at most ${number(max)}${unit}`;
  return null;
}

export function rulesText(schema: JsonSchema): string {
  const { minimum, maximum, exclusiveMinimum } = schema;
  // Above 0 is at least 1 for a whole number; other numbers keep the strict bound.
  const whole = schema.type === 'integer';
  const low = exclusiveMinimum !== undefined && whole ? exclusiveMinimum + 1 : minimum;
  const rules = [
    exclusiveMinimum !== undefined && !whole ? `more than ${number(exclusiveMinimum)}` : null,
    range(
      low !== undefined && low > -SAFE ? low : undefined,
      maximum !== undefined && maximum < SAFE ? maximum : undefined,
    ),
    range(schema.minLength, schema.maxLength, ' characters'),
    range(schema.minItems, schema.maxItems, ' items'),
    schema.default === undefined ? null : `default ${literal(schema.default)}`,
  ];
  return rules.filter(Boolean).join(', ');
}
