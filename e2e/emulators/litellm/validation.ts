/**
 * What pydantic (in lax mode, as FastAPI uses it) makes of the fields of LiteLLM's key requests
 * and of its query parameters: a value of the right type, or the problem FastAPI answers with.
 * Fields the models do not have are dropped, as LiteLLM's models ignore them.
 */
import type { Problem } from './http';

type Kind = 'str' | 'float' | 'int' | 'bool' | 'list' | 'dict';

/** The fields of GenerateKeyRequest / UpdateKeyRequest the emulator keeps, all optional. */
export const KEY_FIELDS: Record<string, Kind> = {
  key: 'str',
  key_alias: 'str',
  duration: 'str',
  models: 'list',
  max_budget: 'float',
  budget_duration: 'str',
  rpm_limit: 'int',
  tpm_limit: 'int',
  metadata: 'dict',
  blocked: 'bool',
  spend: 'float',
};

type Read = { ok: true; value: unknown } | { ok: false; problem: Omit<Problem, 'loc'> };

const MESSAGES = {
  str: ['string_type', 'Input should be a valid string'],
  list: ['list_type', 'Input should be a valid list'],
  dict: ['dict_type', 'Input should be a valid dictionary'],
  bool: ['bool_parsing', 'Input should be a valid boolean, unable to interpret input'],
} as const;

function read(kind: Kind, input: unknown): Read {
  const fail = (type: string, msg: string): Read => ({ ok: false, problem: { type, msg, input } });
  switch (kind) {
    case 'str':
      return typeof input === 'string' ? { ok: true, value: input } : fail(...MESSAGES.str);
    case 'list':
      return Array.isArray(input) ? { ok: true, value: input } : fail(...MESSAGES.list);
    case 'dict':
      return typeof input === 'object' && input !== null && !Array.isArray(input)
        ? { ok: true, value: input }
        : fail(...MESSAGES.dict);
    case 'bool':
      return typeof input === 'boolean' ? { ok: true, value: input } : fail(...MESSAGES.bool);
    case 'float': {
      if (typeof input === 'number') return { ok: true, value: input };
      const parsed = typeof input === 'string' && input.trim() !== '' ? Number(input) : NaN;
      if (!Number.isNaN(parsed)) return { ok: true, value: parsed };
      return typeof input === 'string'
        ? fail(
            'float_parsing',
            'Input should be a valid number, unable to parse string as a number',
          )
        : fail('float_type', 'Input should be a valid number');
    }
    case 'int': {
      const number =
        typeof input === 'string' && /^\s*-?\d+\s*$/.test(input) ? Number(input) : input;
      if (typeof number === 'number' && Number.isInteger(number))
        return { ok: true, value: number };
      if (typeof number === 'number') {
        return fail(
          'int_from_float',
          'Input should be a valid integer, got a number with a fractional part',
        );
      }
      return typeof input === 'string'
        ? fail(
            'int_parsing',
            'Input should be a valid integer, unable to parse string as an integer',
          )
        : fail('int_type', 'Input should be a valid integer');
    }
  }
}

/**
 * The fields of a key request as the model holds them: those sent, nulls kept (LiteLLM tells a
 * null sent from a field left out), or every problem found. `required` must be there.
 */
export function keyRequest(
  body: Record<string, unknown>,
  required: readonly string[] = [],
): { fields: Record<string, unknown> } | { problems: Problem[] } {
  const fields: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const name of required) {
    if (body[name] === undefined) {
      problems.push({ type: 'missing', loc: ['body', name], msg: 'Field required', input: body });
    }
  }
  for (const [name, kind] of Object.entries(KEY_FIELDS)) {
    if (!(name in body)) continue;
    const input = body[name];
    if (input === null && !required.includes(name)) {
      fields[name] = null;
      continue;
    }
    const outcome = read(kind, input);
    if (outcome.ok) fields[name] = outcome.value;
    else problems.push({ ...outcome.problem, loc: ['body', name] });
  }
  return problems.length > 0 ? { problems } : { fields };
}

/** An int query parameter with FastAPI's bounds (`ge`, `le`) and default. */
export function queryInt(
  query: URLSearchParams,
  name: string,
  fallback: number,
  bounds: { ge?: number; le?: number },
  problems: Problem[],
): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const loc = ['query', name];
  if (!/^\s*-?\d+\s*$/.test(text)) {
    problems.push({
      type: 'int_parsing',
      loc,
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      input: text,
    });
    return fallback;
  }
  const value = Number(text);
  if (bounds.ge !== undefined && value < bounds.ge) {
    problems.push({
      type: 'greater_than_equal',
      loc,
      msg: `Input should be greater than or equal to ${bounds.ge}`,
      input: text,
      ctx: { ge: bounds.ge },
    });
  } else if (bounds.le !== undefined && value > bounds.le) {
    problems.push({
      type: 'less_than_equal',
      loc,
      msg: `Input should be less than or equal to ${bounds.le}`,
      input: text,
      ctx: { le: bounds.le },
    });
  }
  return value;
}

/** A bool query parameter as FastAPI reads one ("true", "1", "yes", "on" …). */
export function queryBool(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const text = query.get(name)?.toLowerCase();
  if (text === undefined) return fallback;
  return ['true', '1', 'yes', 'on', 't', 'y'].includes(text);
}
