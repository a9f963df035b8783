import { describe, expect, it } from 'vitest';
import { deliveredTextOf, isUsageOnlyChunk, usageOf } from './answer-usage';

describe('usageOf', () => {
  it('reads OpenAI usage with cached tokens', () => {
    expect(
      usageOf({
        usage: {
          prompt_tokens: 20,
          completion_tokens: 5,
          total_tokens: 25,
          prompt_tokens_details: { cached_tokens: 8 },
        },
      }),
    ).toEqual({ prompt_tokens: 20, completion_tokens: 5, cached_tokens: 8 });
  });

  it('reads an embedding usage without completion tokens', () => {
    expect(usageOf({ usage: { prompt_tokens: 9, total_tokens: 9 } })).toEqual({
      prompt_tokens: 9,
      completion_tokens: 0,
      cached_tokens: 0,
    });
  });

  it('takes no usage from null, nonsense or negative figures', () => {
    expect(usageOf({ usage: null })).toBeNull();
    expect(usageOf({ usage: { prompt_tokens: -1 } })).toBeNull();
    expect(usageOf({ usage: { prompt_tokens: '12' } })).toBeNull();
    expect(usageOf('text')).toBeNull();
  });
});

describe('deliveredTextOf', () => {
  it('collects content, reasoning, refusals, tool calls and completion text', () => {
    expect(
      deliveredTextOf({
        choices: [
          { delta: { content: 'Hel', reasoning_content: 'think' } },
          { delta: { tool_calls: [{ function: { name: 'f', arguments: '{"x":1}' } }] } },
          { message: { content: 'lo', refusal: null } },
          { text: '!' },
        ],
      }),
    ).toBe('Helthinkf{"x":1}lo!');
  });
});

describe('isUsageOnlyChunk', () => {
  it('tells the usage chunk include_usage adds from a chunk of text', () => {
    expect(isUsageOnlyChunk({ choices: [], usage: { prompt_tokens: 1 } })).toBe(true);
    expect(isUsageOnlyChunk({ choices: [{ delta: {} }], usage: { prompt_tokens: 1 } })).toBe(false);
    expect(isUsageOnlyChunk({ choices: [], usage: null })).toBe(false);
  });
});
