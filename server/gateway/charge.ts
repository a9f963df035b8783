import type { Usage } from './answer-usage';
import type { DeliveredText } from './delivered-text';
import { countInputTokens } from './input-count';
import type { PriceList } from './prices';
import type { StreamEnd } from './stream-relay';

export type EndpointKind = 'chat' | 'completion' | 'embedding';

/** What a finished request is charged for, and how that was known. */
export interface Settlement {
  usage: Usage;
  quota: number;
  /** true: the upstream's own usage; false: counted here with the tokenizer. */
  reported: boolean;
}

/**
 * The charge of a request that reached the upstream, decided once, however it ended: the
 * upstream's last usage when it sent one, otherwise the input and the delivered output counted
 * here (an answer without usage, a client gone mid-stream, an upstream failing after the first
 * byte). A failure before the first byte never comes here: it is charged nothing.
 */
export async function settlement(
  kind: EndpointKind,
  body: Record<string, unknown>,
  answer: { usage: Usage | null; delivered: DeliveredText | null; end?: StreamEnd },
  prices: PriceList,
): Promise<Settlement> {
  if (answer.usage) {
    return { usage: answer.usage, quota: prices.cost(answer.usage), reported: true };
  }
  const usage: Usage = {
    prompt_tokens: await countInputTokens(kind, body),
    completion_tokens: answer.delivered ? await answer.delivered.tokens() : 0,
    cached_tokens: 0,
  };
  return { usage, quota: prices.cost(usage), reported: false };
}
