import { z } from 'zod';
import { describeIssues } from '../../src/contract/envelope';
import { idSchema } from '../../src/contract/token';
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

/** Digits only: "1.5", "-1", "1e3" and " 1" are not ids, even where Number() would say so. */
const idParamSchema = z
  .string()
  .regex(/^\d{1,16}$/, { error: 'id must be a positive integer' })
  .transform(Number)
  .pipe(idSchema);

export function parseIdParam(c: AppContext): number {
  return parseWith(idParamSchema, c.req.param('id'));
}
