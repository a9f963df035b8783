import { describe, expect, it } from 'vitest';
import { PriceList } from './prices';

const mini = { input_price: 0.15, output_price: 0.6, cached_input_price: 0.075 };

describe('PriceList', () => {
  it('costs usage exactly and rounds up once per request', () => {
    const prices = new PriceList(mini, 500_000);
    // 1,000 input tokens at 0.075 units and 1,000 output at 0.3 units: 75 + 300, no float drift.
    expect(prices.cost({ prompt_tokens: 1_000, completion_tokens: 1_000, cached_tokens: 0 })).toBe(
      375,
    );
    // 1 input token is 0.075 units: a request's fraction is rounded up to 1, not to 0.
    expect(prices.cost({ prompt_tokens: 1, completion_tokens: 0, cached_tokens: 0 })).toBe(1);
    // 13 input (0.975) and 1 output (0.3) make 1.275 units: rounded up once, to 2, not 1 + 1.
    expect(prices.cost({ prompt_tokens: 13, completion_tokens: 1, cached_tokens: 0 })).toBe(2);
  });

  it('charges cached input at the cached price', () => {
    const prices = new PriceList(mini, 500_000);
    expect(prices.cost({ prompt_tokens: 2_000, completion_tokens: 0, cached_tokens: 1_000 })).toBe(
      75 + 38,
    );
  });

  it('follows the ratio of the moment', () => {
    const usage = { prompt_tokens: 1_000_000, completion_tokens: 0, cached_tokens: 0 };
    expect(new PriceList(mini, 500_000).cost(usage)).toBe(75_000);
    expect(new PriceList(mini, 1_000).cost(usage)).toBe(150);
  });

  it('says how much output a budget pays for beside the input', () => {
    const prices = new PriceList(mini, 500_000);
    // 100 units: 1,000 input tokens cost 75, the other 25 pay for 83 output tokens at 0.3.
    expect(prices.outputTokensFor(100, 1_000)).toBe(83);
    expect(prices.hold(1_000, 83)).toBeLessThanOrEqual(100);
    expect(prices.hold(1_000, 84)).toBeGreaterThan(100);
    expect(prices.outputTokensFor(70, 1_000)).toBe(0);
    expect(new PriceList({ ...mini, output_price: 0 }, 500_000).outputTokensFor(1, 1)).toBe(
      Infinity,
    );
  });

  it('knows a free model', () => {
    expect(
      new PriceList({ input_price: 0, output_price: 0, cached_input_price: 0 }, 500_000).free,
    ).toBe(true);
    expect(new PriceList(mini, 500_000).free).toBe(false);
  });
});
