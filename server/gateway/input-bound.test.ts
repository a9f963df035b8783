import { describe, expect, it } from 'vitest';
import {
  chatInputBound,
  completionInputBound,
  embeddingInputBound,
  IMAGE_TOKENS,
} from './input-bound';
import { countInputTokens } from './input-count';

const chat = {
  model: 'm',
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: '你好, what is the capital of France? Answer in one word.' },
  ],
};

describe('input bounds', () => {
  it('bound what the tokenizer counts for chats, prompts and inputs, in any script', async () => {
    expect(chatInputBound(chat)).toBeGreaterThanOrEqual(await countInputTokens('chat', chat));
    const prompt = { prompt: ['Once upon a time', '在很久很久以前'] };
    expect(completionInputBound(prompt)).toBeGreaterThanOrEqual(
      await countInputTokens('completion', prompt),
    );
    const input = { input: 'The food was delicious and the waiter was friendly.' };
    expect(embeddingInputBound(input)).toBeGreaterThanOrEqual(
      await countInputTokens('embedding', input),
    );
  });

  it('count an image by what the upstream charges for one, not by its address', () => {
    const withImage = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${'A'.repeat(100_000)}` },
            },
          ],
        },
      ],
    };
    const bound = chatInputBound(withImage);
    expect(bound).toBeGreaterThan(IMAGE_TOKENS);
    expect(bound).toBeLessThan(IMAGE_TOKENS + 100);
  });

  it('count tools the model is offered', () => {
    const tools = [
      { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
    ];
    expect(chatInputBound({ ...chat, tools })).toBeGreaterThan(chatInputBound(chat) + 30);
  });

  it('count token ids one each', () => {
    expect(completionInputBound({ prompt: [1, 2, 3] })).toBe(3);
  });
});
