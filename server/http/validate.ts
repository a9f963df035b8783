import type { z } from 'zod';
import { describeIssues } from '../../src/contract/envelope';
import { tokenIdParamsSchema } from '../../src/contract/token';
import { ApiError } from './failures';
import type { AppContext } from './types';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, describeIssues(result.error));
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function parseIdParam(c: AppContext): number {
  return parseWith(tokenIdParamsSchema, c.req.param()).id;
}
