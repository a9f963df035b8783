import '../../lib/i18n/en-signed-in';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, unitsToUsd, type AmountUnit } from '../../lib/quota';

/** The message of each reason an amount cannot be read. */
export const AMOUNT_MESSAGES = {
  'not-a-number': 'form.err.amount',
  negative: 'form.err.negative',
  fraction: 'form.err.fraction',
  'too-large': 'form.err.tooLarge',
} as const satisfies Record<string, MessageKey>;

/** The problem with an amount that cannot be read, as the forms report it under its field. */
export const amountIssue = (reason: keyof typeof AMOUNT_MESSAGES, field = 'amount') => ({
  code: 'custom' as const,
  path: [field],
  params: { reason },
});

/** Enough decimals for one quota unit to show in dollars: one more than the ratio has digits. */
export function usdDecimals(quotaPerUnit: number): number {
  return Math.min(12, Math.max(2, Math.floor(Math.log10(quotaPerUnit)) + 1));
}

/** Shows a quota figure in the unit the person types in, without grouping so it parses back. */
export function unitsToAmountText(units: number, unit: AmountUnit, quotaPerUnit: number): string {
  if (unit === 'units') return String(units);
  const usd = unitsToUsd(units, quotaPerUnit);
  return String(Number(usd.toFixed(usdDecimals(quotaPerUnit))));
}

/** Whether the amount still reads as the loaded figure, as the form first showed it. */
export function isLoadedAmount(
  text: string,
  unit: AmountUnit,
  quotaPerUnit: number,
  loadedUnits: number,
): boolean {
  return text.trim() === unitsToAmountText(loadedUnits, unit, quotaPerUnit);
}

/**
 * The amount to show after switching the unit it is typed in: the same quantity, taken from
 * the loaded figure while the person has not changed it; null when the text is not a quantity.
 */
export function amountInOtherUnit(
  text: string,
  from: AmountUnit,
  to: AmountUnit,
  quotaPerUnit: number,
  loadedUnits: number | null,
): string | null {
  if (loadedUnits !== null && isLoadedAmount(text, from, quotaPerUnit, loadedUnits)) {
    return unitsToAmountText(loadedUnits, to, quotaPerUnit);
  }
  const converted = amountToUnits(text, from, quotaPerUnit);
  return converted.ok ? unitsToAmountText(converted.units, to, quotaPerUnit) : null;
}
