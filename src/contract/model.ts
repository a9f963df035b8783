import { z } from 'zod';
import { httpAddress } from './http-address';
import { idSchema } from './token';

export const MODEL_NAME_MAX = 100;
export const UPSTREAM_URL_MAX = 500;
export const UPSTREAM_KEY_MAX = 500;
/** USD per million tokens: far above any price there is, low enough to stay exact in a double. */
export const PRICE_MAX = 1_000_000;
export const MAX_OUTPUT_TOKENS_MAX = 10_000_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

const CONTROL_CHARACTER = /\p{Cc}/u;

const modelNameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? `name is required: 1 to ${MODEL_NAME_MAX} characters, as clients send it in "model"`
        : 'name must be a string',
  })
  .trim()
  .min(1, { error: `name must be 1 to ${MODEL_NAME_MAX} characters` })
  .max(MODEL_NAME_MAX, { error: `name must be 1 to ${MODEL_NAME_MAX} characters` })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    error: 'name must not contain control characters',
  })
  .meta({ description: 'The name clients send as "model".' });

const upstreamUrlSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'upstream_url is required: the upstream’s OpenAI base address, e.g. https://api.openai.com/v1'
        : 'upstream_url must be a string',
  })
  .trim()
  .max(UPSTREAM_URL_MAX, { error: `upstream_url must be at most ${UPSTREAM_URL_MAX} characters` })
  .refine(isHttpUrl, {
    error:
      'upstream_url must be an http or https address without user or password, e.g. https://api.openai.com/v1',
  })
  .transform((value) => value.replace(/\/+$/, ''))
  .meta({
    description:
      "The upstream's OpenAI base address, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; http://echo.invalid/v1 is the service's own echo upstream.",
  });

/** A base address: queries and fragments have no place in one. */
function isHttpUrl(value: string): boolean {
  const url = httpAddress(value);
  return url !== null && url.search === '' && url.hash === '';
}

const upstreamModelSchema = z
  .string({ error: 'upstream_model must be a string' })
  .trim()
  .max(MODEL_NAME_MAX, { error: `upstream_model must be at most ${MODEL_NAME_MAX} characters` })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    error: 'upstream_model must not contain control characters',
  })
  .meta({ description: 'The name sent upstream; empty or left out: the same as name.' });

const upstreamKeySchema = z
  .string({ error: 'upstream_key must be a string' })
  .trim()
  .max(UPSTREAM_KEY_MAX, { error: `upstream_key must be at most ${UPSTREAM_KEY_MAX} characters` })
  .refine((value) => /^[\x21-\x7e]*$/.test(value), {
    error: 'upstream_key must be visible ASCII characters, without spaces',
  })
  .meta({
    description:
      "The upstream's API key, sent as Authorization: Bearer. Write-only: sealed at rest, answered only masked; empty for none.",
  });

const priceSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of USD per 1M tokens, 0 or more` })
    .min(0, { error: `${field} must be 0 or more (USD per 1M tokens; 0 means free)` })
    .max(PRICE_MAX, { error: `${field} must be at most ${PRICE_MAX} USD per 1M tokens` })
    .meta({ description: `USD per 1M tokens; 0 means free (a self-hosted model, say).` });

const maxOutputTokensSchema = z
  .number({ error: 'max_output_tokens must be a whole number of tokens, 1 or more' })
  .int({ error: 'max_output_tokens must be a whole number of tokens, 1 or more' })
  .min(1, { error: 'max_output_tokens must be 1 or more' })
  .max(MAX_OUTPUT_TOKENS_MAX, {
    error: `max_output_tokens must be at most ${MAX_OUTPUT_TOKENS_MAX}`,
  })
  .meta({
    description:
      "The most a request without max_tokens can produce, the model's own limit: a limited key is held for this much.",
  });

const streamUsageSchema = z.boolean({ error: 'stream_usage must be true or false' }).meta({
  description:
    'Ask the upstream for a final usage chunk (stream_options.include_usage); off for upstreams that refuse the option.',
});

const enabledSchema = z.boolean({ error: 'enabled must be true or false' });

/** A model as the service answers it: the upstream key only masked. */
export const modelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    upstream_url: z.string(),
    upstream_model: z.string().meta({ description: 'The name sent upstream.' }),
    upstream_key_masked: z
      .string()
      .meta({ description: 'The upstream key masked, e.g. sk-…a1b2; empty when none is set.' }),
    input_price: z.number(),
    output_price: z.number(),
    cached_input_price: z.number(),
    max_output_tokens: z.number().int(),
    stream_usage: z.boolean(),
    enabled: z.boolean(),
    created_time: z.number().int(),
    updated_time: z.number().int(),
  })
  .meta({ id: 'Model' });
export type Model = z.infer<typeof modelSchema>;

export const modelListSchema = z.object({ items: z.array(modelSchema) }).meta({ id: 'ModelList' });
export type ModelList = z.infer<typeof modelListSchema>;

export const modelCreateSchema = z
  .object({
    name: modelNameSchema,
    upstream_url: upstreamUrlSchema,
    upstream_model: upstreamModelSchema.optional(),
    upstream_key: upstreamKeySchema.optional(),
    input_price: priceSchema('input_price'),
    output_price: priceSchema('output_price'),
    cached_input_price: priceSchema('cached_input_price')
      .optional()
      .meta({ description: 'USD per 1M cached input tokens; left out: the input price.' }),
    max_output_tokens: maxOutputTokensSchema.default(DEFAULT_MAX_OUTPUT_TOKENS),
    stream_usage: streamUsageSchema.default(true),
    enabled: enabledSchema.default(true),
  })
  .strict();
export type ModelCreate = z.output<typeof modelCreateSchema>;

export const modelUpdateSchema = z
  .object({
    id: idSchema,
    name: modelNameSchema.optional(),
    upstream_url: upstreamUrlSchema.optional(),
    upstream_model: upstreamModelSchema.optional(),
    upstream_key: upstreamKeySchema.optional(),
    input_price: priceSchema('input_price').optional(),
    output_price: priceSchema('output_price').optional(),
    cached_input_price: priceSchema('cached_input_price').optional(),
    max_output_tokens: maxOutputTokensSchema.optional(),
    stream_usage: streamUsageSchema.optional(),
    enabled: enabledSchema.optional(),
  })
  .strict();
export type ModelUpdate = z.output<typeof modelUpdateSchema>;

/** What one tiny request to a model's upstream showed: POST /api/model/{id}/test. */
export const modelTestSchema = z
  .object({
    ok: z.boolean().meta({
      description: 'The upstream answered with 2xx and a chat completion.',
    }),
    status: z.number().int().nullable().meta({
      description: "The upstream's HTTP status; null when it gave none (unreachable, or too slow).",
    }),
    ms: z.number().int().meta({ description: 'Milliseconds from sending to the whole answer.' }),
    prompt_tokens: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Input tokens, as the upstream's usage says; null without usage." }),
    completion_tokens: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Output tokens, as the upstream's usage says; null without usage." }),
    message: z.string().meta({
      description:
        "The answer's text when ok; else what went wrong, in words that name neither the upstream's address nor its key.",
    }),
  })
  .meta({ id: 'ModelTest' });
export type ModelTest = z.infer<typeof modelTestSchema>;
