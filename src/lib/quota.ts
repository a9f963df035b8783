import { QUOTA_MAX } from '../contract/token';
import { numberFormat } from './intl-cache';

/** How quota figures are shown: in dollars, in raw units, or both. */
export type QuotaDisplay = 'usd' | 'units' | 'both';

export function unitsToUsd(units: number, quotaPerUnit: number): number {
  return units / quotaPerUnit;
}

/**
 * Rounds to whole units: the service only stores integers, and rounding (not truncating)
 * keeps $2.01 at 1,005,000 units despite binary floating point.
 */
export function usdToUnits(usd: number, quotaPerUnit: number): number {
  return Math.round(usd * quotaPerUnit);
}

/**
 * Parses a figure as people type it: "1,000", " 2.5 ", "$3". Returns NaN for anything else,
 * "1,5" among them: a comma only groups thousands, and read as one "1,5" would be 15, not 1.5.
 */
export function parseAmount(text: string): number {
  const spaced = text.trim().replace(/^\$/, '').replace(/[\s_]/g, '');
  const [whole = '', ...fraction] = spaced.split('.');
  if (whole.includes(',') && !/^[+-]?\d{1,3}(,\d{3})+$/.test(whole)) return Number.NaN;
  if (fraction.some((part) => part.includes(','))) return Number.NaN;
  const cleaned = spaced.replace(/,/g, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export function formatUsd(units: number, quotaPerUnit: number, locale = 'en-US'): string {
  const usd = unitsToUsd(units, quotaPerUnit);
  const abs = Math.abs(usd);
  // Small amounts keep significant digits so a cheap token is not shown as $0.00.
  const small = abs > 0 && abs < 0.01;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    // "$" in every language: the dashboard only speaks of US dollars, and some languages (zh-CN)
    // would otherwise write "US$".
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: small ? 0 : 2,
    maximumFractionDigits: small ? 6 : 2,
    ...(small ? { maximumSignificantDigits: 3 } : {}),
  }).format(usd);
}

/** Decimals a figure needs to be written exactly, up to six. */
function decimalsOf(value: number): number {
  for (let decimals = 0; decimals < 6; decimals += 1) {
    const scaled = value * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, Math.abs(scaled))) {
      return decimals;
    }
  }
  return 6;
}

/**
 * Dollar figures along a chart's axis, written alike: whole dollars when every one is whole
 * ("$25"), cents when one needs them ("$0.25"), and short from a thousand on ("$4K").
 */
export function formatUsdTicks(values: readonly number[], locale = 'en-US'): string[] {
  const largest = Math.max(0, ...values.map(Math.abs));
  if (largest >= 1_000) {
    const compact = numberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    return values.map((value) => compact.format(value));
  }
  const needed = Math.max(...values.map(decimalsOf));
  const decimals = needed === 0 ? 0 : Math.max(2, needed);
  const format = numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return values.map((value) => format.format(value));
}

export function formatUnits(units: number, locale = 'en-US'): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(units);
}

export type AmountUnit = 'usd' | 'units';

/** Converts what was typed in either unit to whole quota units, or explains why it cannot. */
export function amountToUnits(
  text: string,
  unit: AmountUnit,
  quotaPerUnit: number,
):
  | { ok: true; units: number }
  | { ok: false; reason: 'not-a-number' | 'negative' | 'too-large' | 'fraction' } {
  const value = parseAmount(text);
  if (!Number.isFinite(value)) return { ok: false, reason: 'not-a-number' };
  if (value < 0) return { ok: false, reason: 'negative' };
  if (unit === 'units' && !Number.isInteger(value)) return { ok: false, reason: 'fraction' };
  const units = unit === 'usd' ? usdToUnits(value, quotaPerUnit) : value;
  if (units > QUOTA_MAX) return { ok: false, reason: 'too-large' };
  return { ok: true, units };
}
