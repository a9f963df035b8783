import { z } from 'zod';
import {
  modelsSchema,
  subnetSchema,
  tokenCreateSchema,
  tokenListQuerySchema,
  tokenNameSchema,
  tokenUpdateSchema,
} from '../../src/contract/token';

/** Control characters are invisible and corrupt logs, terminals and exported CSV files. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Half of a surrogate pair is not text: SQLite would keep U+FFFD in its place. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text fields hold what a person can read and the database keeps exactly as sent. */
function plainText(schema: z.ZodString, field: string): z.ZodString {
  return schema
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: `${field} must not contain control characters`,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      error: `${field} must be valid Unicode text`,
    });
}

const name = plainText(tokenNameSchema, 'name');
const models = plainText(modelsSchema, 'models');
const subnet = plainText(subnetSchema, 'subnet');

export const createBodySchema = tokenCreateSchema.extend({
  name,
  models: models.default(''),
  subnet: subnet.default(''),
});

export const updateBodySchema = tokenUpdateSchema.extend({
  name: name.optional(),
  models: models.optional(),
  subnet: subnet.optional(),
});

/** The summary counts the tokens a list with the same keyword and key would show. */
export const summaryQuerySchema = tokenListQuerySchema.pick({ keyword: true, token: true });
