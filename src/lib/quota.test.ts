import { describe, expect, it } from 'vitest';
import {
  amountToUnits,
  formatUnits,
  formatUsd,
  formatUsdTicks,
  parseAmount,
  unitsToUsd,
  usdToUnits,
} from './quota';

describe('quota conversion', () => {
  it('shows 1,000,000 units as $2.00 at the default ratio', () => {
    expect(formatUsd(1_000_000, 500_000)).toBe('$2.00');
    expect(formatUnits(1_000_000)).toBe('1,000,000');
  });

  it('rounds dollars to whole units despite binary floating point', () => {
    expect(usdToUnits(2.01, 500_000)).toBe(1_005_000);
    expect(usdToUnits(0.1 + 0.2, 500_000)).toBe(150_000);
    expect(usdToUnits(19.99, 7_300_000)).toBe(145_927_000);
  });

  it('handles a ratio of 1 and a ratio of 7,300,000', () => {
    expect(formatUsd(5, 1)).toBe('$5.00');
    expect(usdToUnits(3.5, 1)).toBe(4);
    expect(formatUsd(7_300_000, 7_300_000)).toBe('$1.00');
    expect(unitsToUsd(3_650_000, 7_300_000)).toBe(0.5);
  });

  it('keeps very large quotas exact', () => {
    expect(formatUnits(1e15)).toBe('1,000,000,000,000,000');
    expect(formatUsd(1e15, 500_000)).toBe('$2,000,000,000.00');
    expect(usdToUnits(2_000_000_000, 500_000)).toBe(1e15);
  });

  it('shows tiny amounts with significant digits instead of $0.00', () => {
    expect(formatUsd(1, 500_000)).toBe('$0.000002');
    expect(formatUsd(2_500, 500_000)).toBe('$0.005');
    expect(formatUsd(0, 500_000)).toBe('$0.00');
  });

  it('formats for the reader’s language', () => {
    expect(formatUnits(1_000_000, 'de-DE')).toBe('1.000.000');
  });

  it('writes dollars as $ in Chinese too, not US$', () => {
    expect(formatUsd(375_000, 500_000, 'zh-CN')).toBe('$0.75');
  });
});

describe('parsing what people type', () => {
  it.each([
    ['1,000', 1000],
    [' 2.5 ', 2.5],
    ['$3', 3],
    ['.5', 0.5],
    ['1e3', 1000],
    ['1,234,567.5', 1_234_567.5],
    ['-2,000', -2000],
  ])('reads %j as %d', (text, value) => expect(parseAmount(text)).toBe(value));

  // "1,5" is a decimal comma, which must not be read as 15.
  it.each(['', 'abc', '1.2.3', '--1', '$', '1,5', '12,34', '1,0000', '1.000,5', ',5'])(
    'refuses %j',
    (text) => expect(parseAmount(text)).toBeNaN(),
  );

  it('converts typed amounts in either unit and says why it cannot', () => {
    expect(amountToUnits('2', 'usd', 500_000)).toEqual({ ok: true, units: 1_000_000 });
    expect(amountToUnits('1000000', 'units', 500_000)).toEqual({ ok: true, units: 1_000_000 });
    expect(amountToUnits('1.5', 'units', 500_000)).toEqual({ ok: false, reason: 'fraction' });
    expect(amountToUnits('-1', 'usd', 500_000)).toEqual({ ok: false, reason: 'negative' });
    expect(amountToUnits('x', 'usd', 500_000)).toEqual({ ok: false, reason: 'not-a-number' });
    expect(amountToUnits('3000000000', 'usd', 500_000)).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('dollar ticks along a chart’s axis', () => {
  it('are whole dollars when the steps are', () => {
    expect(formatUsdTicks([0, 25, 50, 75, 100])).toEqual(['$0', '$25', '$50', '$75', '$100']);
  });

  it('are short from a thousand on, in either language', () => {
    expect(formatUsdTicks([0, 1_000, 2_000, 4_000])).toEqual(['$0', '$1K', '$2K', '$4K']);
    expect(formatUsdTicks([0, 2_500, 12_500])).toEqual(['$0', '$2.5K', '$12.5K']);
    expect(formatUsdTicks([0, 10_000, 20_000], 'zh-CN')).toEqual(['US$0', 'US$1万', 'US$2万']);
  });

  it('keep cents, all alike, when a step needs them', () => {
    expect(formatUsdTicks([0, 0.5, 1, 1.5])).toEqual(['$0.00', '$0.50', '$1.00', '$1.50']);
    expect(formatUsdTicks([0, 0.1, 0.2, 0.1 + 0.2])).toEqual(['$0.00', '$0.10', '$0.20', '$0.30']);
    expect(formatUsdTicks([0, 0.002, 0.004])).toEqual(['$0.000', '$0.002', '$0.004']);
  });
});
