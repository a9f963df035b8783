import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  formatUnitsPerThousand,
  unitsPerThousandTokens,
  upstreamHost,
} from './price-text';

describe('model prices', () => {
  it('are written as providers list them, in USD per 1M tokens', () => {
    expect(formatPrice(0.15, 'en-US')).toBe('$0.15');
    expect(formatPrice(2.5, 'en-US')).toBe('$2.50');
    expect(formatPrice(0.075, 'en-US')).toBe('$0.075');
    expect(formatPrice(1_000, 'en-US')).toBe('$1,000.00');
    expect(formatPrice(0.15, 'zh-CN')).toBe('$0.15');
  });

  it('cost so many units per 1K tokens at the ratio given', () => {
    expect(unitsPerThousandTokens(0.15, 500_000)).toBe(75);
    expect(unitsPerThousandTokens(10, 500_000)).toBe(5_000);
    expect(unitsPerThousandTokens(2.5, 250_000)).toBe(625);
    expect(formatUnitsPerThousand(unitsPerThousandTokens(10, 500_000), 'en-US')).toBe('5,000');
    expect(formatUnitsPerThousand(unitsPerThousandTokens(0.001, 500_000), 'en-US')).toBe('0.5');
  });

  it('name an upstream by its host, never more of its address', () => {
    expect(upstreamHost('https://api.openai.com/v1')).toBe('api.openai.com');
    expect(upstreamHost('http://127.0.0.1:11434/v1')).toBe('127.0.0.1:11434');
  });
});
