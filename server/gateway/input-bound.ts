import { CHAT_TOKENS_PER_ANSWER, CHAT_TOKENS_PER_MESSAGE } from './token-count';

/**
 * An upper bound of the input tokens an upstream will report for a request, worked out without
 * a tokenizer: every token of a byte-pair encoding stands for at least one byte of its text, so
 * a text's UTF-8 length bounds its tokens. The hold covers this worst case and the settlement
 * gives back the rest, so a bound that is too high costs nothing but a moment's reservation,
 * while one too low could let a key overspend.
 *
 * An image is a few bytes of address (or a long base64 text) but costs the upstream a number of
 * tokens set by its size: IMAGE_TOKENS bounds the largest a current model charges for one.
 */
export const IMAGE_TOKENS = 2_500;

// UTF-8 length without encoding the text: the same count as TextEncoder's, lone surrogates too.
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Bytes of whatever JSON value: structured parts (tools, schemas) count as their text. */
const jsonBytes = (value: unknown) => (value === undefined ? 0 : bytes(JSON.stringify(value)));

function partTokens(part: unknown): number {
  if (typeof part === 'string') return bytes(part);
  if (typeof part !== 'object' || part === null) return jsonBytes(part);
  const { type, text } = part as { type?: unknown; text?: unknown };
  if (typeof text === 'string') return bytes(text);
  if (type === 'image_url' || type === 'input_image' || type === 'image') return IMAGE_TOKENS;
  return jsonBytes(part);
}

function contentTokens(content: unknown): number {
  if (Array.isArray(content)) return content.reduce<number>((sum, p) => sum + partTokens(p), 0);
  return partTokens(content ?? '');
}

export function chatInputBound(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  let tokens = CHAT_TOKENS_PER_ANSWER;
  for (const message of messages) {
    tokens += CHAT_TOKENS_PER_MESSAGE;
    if (typeof message !== 'object' || message === null) {
      tokens += jsonBytes(message);
      continue;
    }
    const { content, ...rest } = message as Record<string, unknown>;
    tokens += contentTokens(content);
    // The role, a name, tool calls and their ids are read by the model too.
    for (const [field, value] of Object.entries(rest)) tokens += bytes(field) + jsonBytes(value);
  }
  return (
    tokens + jsonBytes(body.tools) + jsonBytes(body.functions) + jsonBytes(body.response_format)
  );
}

export function completionInputBound(body: Record<string, unknown>): number {
  return textsBound(body.prompt) + jsonBytes(body.suffix);
}

export function embeddingInputBound(body: Record<string, unknown>): number {
  return textsBound(body.input);
}

/** A text, a list of texts, or token ids (one token each), as prompts and inputs may be. */
function textsBound(value: unknown): number {
  if (typeof value === 'string') return bytes(value);
  if (typeof value === 'number') return 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + textsBound(item), 0);
  return jsonBytes(value);
}
