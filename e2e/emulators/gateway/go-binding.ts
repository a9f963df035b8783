/** Reading requests as Go does: strconv.Atoi and Gin's ShouldBindJSON, with Go's messages. */

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Go's strconv.Atoi, with its error messages. */
export function goAtoi(text: string): { ok: true; value: number } | { ok: false; message: string } {
  if (!/^[+-]?\d+$/.test(text)) {
    return { ok: false, message: `strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax` };
  }
  const big = BigInt(text);
  if (big > INT64_MAX || big < INT64_MIN) {
    return {
      ok: false,
      message: `strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`,
    };
  }
  return { ok: true, value: Number(big) };
}

/** `p, _ := strconv.Atoi(c.Query("p"))`: anything unparsable is 0. */
export function atoiOrZero(text: string | null): number {
  const parsed = goAtoi(text ?? '');
  return parsed.ok ? parsed.value : 0;
}

/** Bytes, as Go's len() counts a string. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Go types a JSON body is bound to; `*string` accepts null. */
export type GoFieldType = 'int' | 'int64' | 'bool' | 'string' | '*string' | '[]int';

/** A request body bound into a Go struct: every field present, as its Go type. */
export type Bound = Record<string, unknown>;

const ZERO_VALUES: Record<GoFieldType, unknown> = {
  int: 0,
  int64: 0,
  bool: false,
  string: '',
  '*string': null,
  '[]int': null,
};

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function syntaxError(raw: string, error: unknown): string {
  const first = raw.trimStart()[0];
  if (first !== undefined && !'{["-0123456789tfn'.includes(first)) {
    return `invalid character '${first}' looking for beginning of value`;
  }
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON|Unterminated|Unexpected end/i.test(message)) return 'unexpected EOF';
  const token = /Unexpected token '?(.)/.exec(message)?.[1];
  const position = /position (\d+)/.exec(message)?.[1];
  const char = token ?? (position === undefined ? undefined : raw[Number(position)]);
  return char === undefined ? 'unexpected EOF' : `invalid character '${char}' in JSON input`;
}

/** One field's JSON value as its Go type, or the kind of value Go would not take. */
function convert(given: unknown, type: GoFieldType): { value: unknown } | { refused: string } {
  const kind = jsonKind(given);
  if (type === 'int' || type === 'int64') {
    if (kind !== 'number') return { refused: kind };
    return Number.isInteger(given) ? { value: given } : { refused: `number ${String(given)}` };
  }
  if (type === 'bool') return kind === 'bool' ? { value: given } : { refused: kind };
  if (type === 'string' || type === '*string') {
    return kind === 'string' ? { value: given } : { refused: kind };
  }
  if (kind !== 'array') return { refused: kind };
  for (const item of given as unknown[]) {
    if (typeof item !== 'number' || !Number.isInteger(item)) {
      return { refused: typeof item === 'number' ? `number ${item}` : jsonKind(item) };
    }
  }
  return { value: [...(given as number[])] };
}

/**
 * Gin's ShouldBindJSON into a Go struct: the zero value of every field, overwritten by what
 * the body holds; a wrong JSON type fails with Go's message; unknown keys are ignored.
 */
export function bindJson(
  raw: string,
  structName: string,
  fields: Record<string, GoFieldType>,
): { ok: true; value: Bound } | { ok: false; message: string } {
  const value: Bound = {};
  for (const [name, type] of Object.entries(fields)) value[name] = ZERO_VALUES[type];
  if (raw.trim() === '') return { ok: false, message: 'EOF' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: syntaxError(raw, error) };
  }
  if (parsed === null) return { ok: true, value };
  if (jsonKind(parsed) !== 'object') {
    return {
      ok: false,
      message: `json: cannot unmarshal ${jsonKind(parsed)} into Go value of type ${structName}`,
    };
  }
  const struct = structName.split('.').pop();
  for (const [field, type] of Object.entries(fields)) {
    if (!Object.prototype.hasOwnProperty.call(parsed, field)) continue;
    const given = (parsed as Bound)[field];
    // JSON null leaves a Go value as it is: the zero value here.
    if (given === null) continue;
    const converted = convert(given, type);
    if ('refused' in converted) {
      return {
        ok: false,
        message: `json: cannot unmarshal ${converted.refused} into Go struct field ${struct}.${field} of type ${type}`,
      };
    }
    value[field] = converted.value;
  }
  return { ok: true, value };
}
