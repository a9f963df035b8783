import { z } from 'zod';

/**
 * A refusal, in the shape LiteLLM gives most (OpenAI's), or FastAPI's own: `detail` as text, as
 * `{error}`, or as the problems of a request that did not validate (422).
 */
export const liteLlmFailureSchema = z.union([
  z.object({ error: z.looseObject({ message: z.unknown() }) }),
  z.object({
    detail: z.union([
      z.string(),
      z.looseObject({ error: z.string() }),
      z.array(
        z.looseObject({
          loc: z.array(z.union([z.string(), z.number()])).optional(),
          msg: z.string(),
        }),
      ),
    ]),
  }),
]);
export type LiteLlmFailure = z.infer<typeof liteLlmFailureSchema>;
