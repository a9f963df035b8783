import { CHAT_TOKENS_PER_ANSWER, CHAT_TOKENS_PER_MESSAGE, countTokens } from './token-count';

/** The text of a prompt part a tokenizer can count; images and audio are not text. */
function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part !== 'object' || part === null) return '';
  const { text } = part as { text?: unknown };
  return typeof text === 'string' ? text : '';
}

function contentText(content: unknown): string {
  return Array.isArray(content) ? content.map(partText).join('\n') : partText(content);
}

function textsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textsOf).join('\n');
  return '';
}

/**
 * The input tokens of a request, counted with the tokenizer, for an answer whose upstream gave
 * no usage: the messages' text and the chat format's tokens around each message.
 */
export async function countInputTokens(
  kind: 'chat' | 'completion' | 'embedding',
  body: Record<string, unknown>,
): Promise<number> {
  if (kind === 'completion') return countTokens(textsOf(body.prompt));
  if (kind === 'embedding') return countTokens(textsOf(body.input));
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  let tokens = CHAT_TOKENS_PER_ANSWER;
  for (const message of messages) {
    const { role, name, content } = (message ?? {}) as Record<string, unknown>;
    const text = [role, name, contentText(content)].filter((p) => typeof p === 'string').join('\n');
    tokens += CHAT_TOKENS_PER_MESSAGE + (await countTokens(text));
  }
  return tokens;
}
