/** What the gateway suite's clients send and its upstream answers: small, as a quick chat is. */

/** The model clients name; the service sends it upstream under the same name. */
export const MODEL = 'bench-chat';
/** A model whose upstream streams one word a second (fake-upstream.ts). */
export const SLOW_MODEL = 'bench-slow';
/** What the upstream says the prompt below counts, as a real model's usage would. */
export const PROMPT_TOKENS = 26;
export const ANSWER_WORDS =
  'Hello! The benchmark reached the upstream, and this short answer comes back with its usage, as a quick reply would.'
    .split(' ')
    .map((word, i) => (i === 0 ? word : ` ${word}`));

const MESSAGES = [
  { role: 'system', content: 'You are a helpful assistant. Answer in one short sentence.' },
  { role: 'user', content: 'Say hello to the benchmark.' },
];

export function chatBody(options: { model?: string; stream?: boolean; maxTokens?: number } = {}) {
  const { model = MODEL, stream = false, maxTokens = 64 } = options;
  return JSON.stringify({
    model,
    messages: MESSAGES,
    max_tokens: maxTokens,
    ...(stream ? { stream: true } : {}),
  });
}

/** The upstream's base address as the service and the bare proxy are given it. */
export const upstreamBase = (url: string) => `${url}/v1`;
export const CHAT_PATH = '/v1/chat/completions';
