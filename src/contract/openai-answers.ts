import { z } from 'zod';

/*
 * The answers of OpenAI's routes (/v1) as a client reads them, from this service's gateway and
 * from one-api and new-api alike: only the fields a client needs, the rest let through.
 */

/** A refusal: `{"error": {...}}`; gateways leave out `code` or send a number. */
export const openAiErrorSchema = z.object({
  error: z.object({
    message: z.string().catch(''),
    type: z.string().nullish().catch(null),
    code: z.union([z.string(), z.number()]).nullish().catch(null),
  }),
});
export type OpenAiError = z.infer<typeof openAiErrorSchema>['error'];

/** GET /v1/models: the models the key may use. */
export const openAiModelListSchema = z.object({
  data: z.array(z.object({ id: z.string() })),
});

export const chatUsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

/** One event of a streamed chat: a piece of the answer, the usage, or both. */
export const chatChunkSchema = z.object({
  choices: z
    .array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() }))
    .nullish(),
  usage: chatUsageSchema.nullish(),
});
