/** What an upstream says a request used, in OpenAI's `usage` shape. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Of the prompt tokens, those read from the upstream's cache (charged at the cached price). */
  cached_tokens: number;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The usage an answer or a chunk carries, or null when it carries none that makes sense. */
export function usageOf(value: unknown): Usage | null {
  if (typeof value !== 'object' || value === null) return null;
  const usage = (value as { usage?: unknown }).usage;
  if (typeof usage !== 'object' || usage === null) return null;
  const fields = usage as Record<string, unknown>;
  const prompt = count(fields.prompt_tokens) ?? count(fields.input_tokens);
  if (prompt === null) return null;
  const completion = count(fields.completion_tokens) ?? count(fields.output_tokens) ?? 0;
  const details = (fields.prompt_tokens_details ?? fields.input_tokens_details) as
    Record<string, unknown> | null | undefined;
  const cached = Math.min(prompt, count(details?.cached_tokens) ?? 0);
  return { prompt_tokens: prompt, completion_tokens: completion, cached_tokens: cached };
}

/**
 * The text an answer or a chunk delivers, whatever kind of choice holds it: chat content,
 * reasoning, tool call arguments, or a completion's text.
 */
export function deliveredTextOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const choices = (value as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return '';
  let text = '';
  for (const choice of choices as unknown[]) {
    if (typeof choice !== 'object' || choice === null) continue;
    const { delta, message, text: completion } = choice as Record<string, unknown>;
    if (typeof completion === 'string') text += completion;
    text += messageText(delta) + messageText(message);
  }
  return text;
}

function messageText(message: unknown): string {
  if (typeof message !== 'object' || message === null) return '';
  const {
    content,
    reasoning_content: reasoning,
    refusal,
    tool_calls: calls,
  } = message as Record<string, unknown>;
  let text = '';
  for (const part of [content, reasoning, refusal]) if (typeof part === 'string') text += part;
  if (Array.isArray(calls)) {
    for (const call of calls as unknown[]) {
      const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
      if (typeof fn?.name === 'string') text += fn.name;
      if (typeof fn?.arguments === 'string') text += fn.arguments;
    }
  }
  return text;
}

/** A chunk that carries only the usage (no choices): what `include_usage` adds at the end. */
export function isUsageOnlyChunk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { choices, usage } = value as { choices?: unknown; usage?: unknown };
  return Array.isArray(choices) && choices.length === 0 && typeof usage === 'object' && !!usage;
}
