import '../../lib/i18n/en-parts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { BulkAction } from './api/bulk-action';
import { issueErrorMap, type IssueMessages } from '../../lib/i18n/form-issues';
import type { Translate } from '../../lib/i18n/translate';
import { amountToUnits, type AmountUnit } from '../../lib/quota';
import { nowSeconds } from '../../lib/time';
import { AMOUNT_MESSAGES, amountIssue } from './amount-text';
import { EXPIRY_MESSAGES, NEW_EXPIRY_CHOICES, readExpiry } from './expiry';
import {
  BULK_LIFECYCLE_MESSAGES,
  BULK_RATE_LIMITS,
  BULK_REFILL_CHOICES,
  bulkLifecycleDefaults,
  lifecycleTextFields,
  readLifecycleChange,
} from './lifecycle-form';

export type BulkKind = BulkAction['kind'];

const bulkFormSchema = z.object({
  amount: z.string(),
  unit: z.enum(['usd', 'units']),
  expiry: z.enum(NEW_EXPIRY_CHOICES),
  expiryDate: z.string().nullable(),
  soonConfirmed: z.boolean(),
  refill: z.enum(BULK_REFILL_CHOICES),
  rateLimit: z.enum(BULK_RATE_LIMITS),
  ...lifecycleTextFields,
});
export type BulkFormValues = z.infer<typeof bulkFormSchema>;

export const BULK_FORM_MESSAGES: IssueMessages<keyof BulkFormValues> = {
  amount: AMOUNT_MESSAGES,
  ...EXPIRY_MESSAGES,
  ...BULK_LIFECYCLE_MESSAGES,
  refill: 'bulk.err.nothingToSet',
};

export const bulkFormDefaults = (kind: BulkKind): BulkFormValues => ({
  amount: kind === 'add-quota' ? '+1' : '1',
  unit: 'usd',
  expiry: '30d',
  expiryDate: null,
  soonConfirmed: false,
  ...bulkLifecycleDefaults,
});

/** The amount typed, in units; adding quota takes it away when it starts with a minus. */
export function signedAmount(kind: BulkKind, text: string, unit: AmountUnit, quotaPerUnit: number) {
  const trimmed = text.trim();
  const negative = kind === 'add-quota' && trimmed.startsWith('-');
  const magnitude = negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  const parsed = amountToUnits(magnitude, unit, quotaPerUnit);
  return parsed.ok && negative ? { ...parsed, units: -parsed.units } : parsed;
}

function readAction(
  ctx: z.RefinementCtx,
  kind: BulkKind,
  values: BulkFormValues,
  quotaPerUnit: number,
  now: number,
): BulkAction | null {
  if (kind === 'set-quota' || kind === 'add-quota') {
    const amount = signedAmount(kind, values.amount, values.unit, quotaPerUnit);
    if (amount.ok) return { kind, units: amount.units };
    ctx.addIssue(amountIssue(amount.reason));
    return null;
  }
  if (kind === 'set-lifecycle') {
    const edit = readLifecycleChange(ctx, values, quotaPerUnit);
    if (edit === null) return null;
    if (Object.keys(edit).length > 0) return { kind, edit };
    ctx.addIssue({ code: 'custom', path: ['refill'] });
    return null;
  }
  if (kind === 'set-expiry') {
    const expiredTime = readExpiry(ctx, values, now);
    return expiredTime === null ? null : { kind, expiredTime };
  }
  return { kind };
}

/** Turns the inputs into the action; its problems are told by BULK_FORM_MESSAGES. */
export function bulkFormResolverSchema(kind: BulkKind, quotaPerUnit: number, now: () => number) {
  return bulkFormSchema.transform(
    (values, ctx): BulkAction => readAction(ctx, kind, values, quotaPerUnit, now()) ?? z.NEVER,
  );
}

/** The form's resolver, telling each problem in the reader's language. */
export const bulkFormResolver = (kind: BulkKind, quotaPerUnit: number, t: Translate) =>
  zodResolver(bulkFormResolverSchema(kind, quotaPerUnit, nowSeconds), {
    error: issueErrorMap(BULK_FORM_MESSAGES, t),
  });
