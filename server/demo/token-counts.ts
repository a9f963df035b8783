import { DEFAULT_QUOTA_PER_UNIT } from '../../src/contract/status';
import type { TokenCounts } from '../store/usage-meter';

/** USD per 1M tokens of input and of output, as each model's provider lists them. */
const PRICES: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'claude-3-5-sonnet': { input: 3, output: 15 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'text-embedding-3-small': { input: 0.02, output: 0 },
  'text-embedding-3-large': { input: 0.13, output: 0 },
};
const OTHER = { input: 1, output: 4 };
/** Prompts (history and instructions included) run about this many tokens to one of the answer. */
const PROMPT_PER_COMPLETION = 3;

/** The units a model's input and output tokens cost each, at the default ratio. */
export function unitsPerToken(model: string): { input: number; output: number } {
  const price = PRICES[model] ?? OTHER;
  const perToken = DEFAULT_QUOTA_PER_UNIT / 1_000_000;
  return { input: price.input * perToken, output: price.output * perToken };
}

/**
 * The tokens that would cost `quota` units on `model`, for figures made up to look real (the
 * seed, the demo): three of prompt to one of answer, an embedding all prompt.
 */
export function tokensFor(model: string, quota: number): TokenCounts {
  const units = unitsPerToken(model);
  if (units.output === 0) {
    return { prompt_tokens: Math.round(quota / units.input), completion_tokens: 0 };
  }
  const completion = quota / (PROMPT_PER_COMPLETION * units.input + units.output);
  return {
    prompt_tokens: Math.round(PROMPT_PER_COMPLETION * completion),
    completion_tokens: Math.round(completion),
  };
}
