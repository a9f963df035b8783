import { z } from 'zod';
import type { TokenEdit } from '../../api/backend';
import { NAME_MAX, NEVER, tokenNameSchema, type Token } from '../../contract/token';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, unitsToUsd } from '../../lib/quota';

export const EXPIRY_CHOICES = ['never', '1h', '1d', '30d', '90d', 'custom', 'keep'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const QUICK_SECONDS: Partial<Record<ExpiryChoice, number>> = {
  '1h': 3600,
  '1d': 86_400,
  '30d': 30 * 86_400,
  '90d': 90 * 86_400,
};

export const BATCH_COUNT_MAX = 100;

/** What the form gives: the token's fields, and how many to create with them. */
export interface TokenFormResult {
  edit: TokenEdit;
  count: number;
}

/** What the form holds: text as typed, so a failed save gives back exactly what was entered. */
export const tokenFormSchema = z.object({
  name: z.string(),
  amount: z.string(),
  amountUnit: z.enum(['usd', 'units']),
  unlimited: z.boolean(),
  expiry: z.enum(EXPIRY_CHOICES),
  expiryDate: z.string().nullable(),
  models: z.string(),
  subnet: z.string(),
  enabled: z.boolean(),
  count: z.string(),
});
export type TokenFormValues = z.infer<typeof tokenFormSchema>;

const AMOUNT_ERRORS: Record<string, MessageKey> = {
  'not-a-number': 'form.err.amount',
  negative: 'form.err.negative',
  fraction: 'form.err.fraction',
  'too-large': 'form.err.tooLarge',
};

/** Parses a picker value ("2026-11-21 13:45:00", local time) into Unix seconds. */
export function pickerToSeconds(value: string): number {
  return Math.floor(new Date(value.replace(' ', 'T')).getTime() / 1000);
}

export function secondsToPicker(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/**
 * The form's schema with the conversions that depend on the quota ratio and the clock; the
 * result is the edit the service receives. Error messages are catalogue keys.
 */
export function tokenFormResolverSchema(
  quotaPerUnit: number,
  loaded: Token | null,
  now: () => number,
) {
  return tokenFormSchema.transform((values, ctx): TokenFormResult => {
    const name = tokenNameSchema.safeParse(values.name);
    if (!name.success) ctx.addIssue({ code: 'custom', path: ['name'], message: 'form.err.name' });

    const count = /^\s*\d{1,3}\s*$/.test(values.count) ? Number(values.count) : Number.NaN;
    if (!(count >= 1 && count <= BATCH_COUNT_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'form.err.count' });
    } else if (
      count > 1 &&
      name.success &&
      name.data.length + 1 + String(count).length > NAME_MAX
    ) {
      // Batch names get " 1" … " N" appended and must still fit the limit.
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'form.err.nameWithCount' });
    }

    let remainQuota = loaded?.remain_quota ?? 0;
    const amount = amountToUnits(values.amount, values.amountUnit, quotaPerUnit);
    if (loaded && isLoadedAmount(values.amount, values.amountUnit, quotaPerUnit, loaded)) {
      // Untouched: the stored figure, not the shown one read back, which may be rounded.
      remainQuota = loaded.remain_quota;
    } else if (amount.ok) remainQuota = amount.units;
    else if (!values.unlimited) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_ERRORS[amount.reason] });
    }

    let expiredTime = NEVER;
    const quick = QUICK_SECONDS[values.expiry];
    if (quick) expiredTime = now() + quick;
    else if (values.expiry === 'keep') expiredTime = loaded?.expired_time ?? NEVER;
    else if (values.expiry === 'custom') {
      const seconds = values.expiryDate ? pickerToSeconds(values.expiryDate) : Number.NaN;
      if (!Number.isFinite(seconds)) {
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'form.err.expiryDate' });
      } else if (seconds <= now()) {
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'form.err.expiryPast' });
      } else expiredTime = seconds;
    }

    return {
      count,
      edit: {
        name: name.success ? name.data : values.name,
        remain_quota: remainQuota,
        unlimited_quota: values.unlimited,
        expired_time: expiredTime,
        models: values.models.trim(),
        subnet: values.subnet.trim(),
        status: values.enabled ? 1 : 2,
      },
    };
  });
}

type AmountUnit = TokenFormValues['amountUnit'];

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

/** Whether the amount still reads as the loaded token's quota, as the form first showed it. */
export function isLoadedAmount(
  text: string,
  unit: AmountUnit,
  quotaPerUnit: number,
  loaded: Token,
): boolean {
  return text.trim() === unitsToAmountText(loaded.remain_quota, unit, quotaPerUnit);
}

/**
 * The amount to show after switching the unit it is typed in: the same quantity, taken from
 * the loaded token while the person has not changed it; null when the text is not a quantity.
 */
export function amountInOtherUnit(
  text: string,
  from: AmountUnit,
  to: AmountUnit,
  quotaPerUnit: number,
  loaded: Token | null,
): string | null {
  if (loaded && isLoadedAmount(text, from, quotaPerUnit, loaded)) {
    return unitsToAmountText(loaded.remain_quota, to, quotaPerUnit);
  }
  const converted = amountToUnits(text, from, quotaPerUnit);
  return converted.ok ? unitsToAmountText(converted.units, to, quotaPerUnit) : null;
}

export function defaultFormValues(token: Token | null, quotaPerUnit: number): TokenFormValues {
  if (!token) {
    return {
      name: '',
      amount: '1',
      amountUnit: 'usd',
      unlimited: false,
      expiry: 'never',
      expiryDate: null,
      models: '',
      subnet: '',
      enabled: true,
      count: '1',
    };
  }
  return {
    name: token.name,
    amount: unitsToAmountText(token.remain_quota, 'usd', quotaPerUnit),
    amountUnit: 'usd',
    unlimited: token.unlimited_quota,
    expiry: token.expired_time === NEVER ? 'never' : 'keep',
    expiryDate: token.expired_time === NEVER ? null : secondsToPicker(token.expired_time),
    models: token.models,
    subnet: token.subnet,
    enabled: token.status !== 2,
    count: '1',
  };
}

/** Server messages name the field first ("name must be ..."): route them under that field. */
export function formFieldForServerMessage(message: string): keyof TokenFormValues | null {
  const field = /^(\w+)\b/.exec(message)?.[1];
  switch (field) {
    case 'name':
      return 'name';
    case 'remain_quota':
      return 'amount';
    case 'expired_time':
    case 'expired':
      return 'expiry';
    case 'models':
      return 'models';
    case 'subnet':
      return 'subnet';
    default:
      return null;
  }
}
