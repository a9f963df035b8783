import { z } from 'zod';

/** A figure another gateway may leave out or send as null: read as 0. */
export const zeroIfAbsent = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

/** A request's tokens, as LiteLLM, one-api and new-api log them. */
export const tokensUsed = { prompt_tokens: zeroIfAbsent, completion_tokens: zeroIfAbsent };
