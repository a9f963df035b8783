/**
 * Counts tokens of text the way OpenAI's current models do (o200k_base), for the answers that
 * come without usage. The tokenizer's tables are large (several MB), so they are loaded on the
 * first answer that needs them, never at start.
 */
type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | null = null;

function tokenizer(): Promise<CountTokens> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => module.countTokens);
  return loading;
}

export async function countTokens(text: string): Promise<number> {
  if (text === '') return 0;
  return (await tokenizer())(text);
}

/** What a chat's format adds to its messages' text, per message and once per answer. */
export const CHAT_TOKENS_PER_MESSAGE = 4;
export const CHAT_TOKENS_PER_ANSWER = 3;
