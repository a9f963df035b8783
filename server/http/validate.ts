import { z } from 'zod';
import { describeIssues } from '../../src/contract/envelope';
import { idSchema } from '../../src/contract/token';
import { ApiError } from './envelope';
import type { AppContext } from './types';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, describeIssues(result.error));
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

/** Query strings whose parse a queryParser() keeps. */
const QUERIES_KEPT = 256;

/**
 * parseQuery() for one schema, keeping what recent query strings parsed to: a query string
 * always parses to the same value, and clients repeat theirs (refetches, paging back and forth).
 * The values are frozen, as they are shared.
 */
export function queryParser<S extends z.ZodType>(
  schema: S,
): (c: AppContext) => Readonly<z.output<S>> {
  const kept = new Map<string, Readonly<z.output<S>>>();
  return (c) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const search = at < 0 ? '' : url.slice(at);
    let value = kept.get(search);
    if (value === undefined) {
      value = Object.freeze(parseQuery(c, schema));
      if (kept.size >= QUERIES_KEPT) kept.clear();
      kept.set(search, value);
    }
    return value;
  };
}

/** Digits only: "1.5", "-1", "1e3" and " 1" are not ids, even where Number() would say so. */
const idParamSchema = z
  .string()
  .regex(/^\d{1,16}$/, { error: 'id must be a positive integer' })
  .transform(Number)
  .pipe(idSchema);

export function parseIdParam(c: AppContext): number {
  return parseWith(idParamSchema, c.req.param('id'));
}
