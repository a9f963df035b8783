import '../../lib/i18n/en-parts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TokenEdit } from '../../api/backend';
import { isApiError } from '../../api/errors';
import { QUOTA_RESET_PERIODS } from '../../contract/quota-reset';
import {
  NAME_MAX,
  NEVER,
  TokenStatus,
  tokenNameSchema,
  type Token,
  type TokenWriteField,
} from '../../contract/token';
import { issueErrorMap, type IssueMessages } from '../../lib/i18n/form-issues';
import type { Translate } from '../../lib/i18n/translate';
import { amountToUnits } from '../../lib/quota';
import { nowSeconds } from '../../lib/time';
import { AMOUNT_MESSAGES, amountIssue, isLoadedAmount, unitsToAmountText } from './amount-text';
import { EXPIRY_CHOICES, EXPIRY_MESSAGES, readExpiry, secondsToPicker } from './expiry';
import {
  LIFECYCLE_FORM_MESSAGES,
  lifecycleFormValues,
  lifecycleTextFields,
  readLifecycle,
  type LifecycleEdit,
} from './lifecycle-form';

export const BATCH_COUNT_MAX = 100;

/** What the form gives: the token's fields, and how many to create with them. */
export interface TokenFormResult {
  /** Every field the form always shows; refills and the rate limit come apart. */
  edit: Omit<TokenEdit, keyof LifecycleEdit>;
  /** Refills and the rate limit; null where the server has neither. */
  lifecycle: LifecycleEdit | null;
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
  soonConfirmed: z.boolean(),
  models: z.string(),
  subnet: z.string(),
  enabled: z.boolean(),
  count: z.string(),
  refill: z.enum(QUOTA_RESET_PERIODS),
  ...lifecycleTextFields,
});
export type TokenFormValues = z.infer<typeof tokenFormSchema>;
type FormField = keyof TokenFormValues;

/** The message each problem the form's schema finds shows under its field. */
export const TOKEN_FORM_MESSAGES: IssueMessages<FormField> = {
  name: { invalid: 'form.err.name', 'with-count': 'form.err.nameWithCount' },
  count: 'form.err.count',
  amount: AMOUNT_MESSAGES,
  ...EXPIRY_MESSAGES,
  ...LIFECYCLE_FORM_MESSAGES,
};

function readCount(ctx: z.RefinementCtx, text: string): number | null {
  const count = /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (count >= 1 && count <= BATCH_COUNT_MAX) return count;
  ctx.addIssue({ code: 'custom', path: ['count'] });
  return null;
}

function readName(ctx: z.RefinementCtx, text: string, count: number | null): string | null {
  const name = tokenNameSchema.safeParse(text);
  // Batch names get " 1" … " N" appended and must still fit the limit.
  const numbering = count !== null && count > 1 ? 1 + String(count).length : 0;
  if (name.success && name.data.length + numbering <= NAME_MAX) return name.data;
  const reason = name.success ? 'with-count' : 'invalid';
  ctx.addIssue({ code: 'custom', path: ['name'], params: { reason } });
  return null;
}

function readQuota(
  ctx: z.RefinementCtx,
  { amount, amountUnit, unlimited }: TokenFormValues,
  quotaPerUnit: number,
  loaded: Token | null,
): number | null {
  // Untouched: the stored figure, not the shown one read back, which may be rounded.
  if (loaded && isLoadedAmount(amount, amountUnit, quotaPerUnit, loaded.remain_quota))
    return loaded.remain_quota;
  const units = amountToUnits(amount, amountUnit, quotaPerUnit);
  if (units.ok) return units.units;
  // An unlimited token needs no quota: it keeps the one it has.
  if (unlimited) return loaded?.remain_quota ?? 0;
  ctx.addIssue(amountIssue(units.reason));
  return null;
}

/**
 * The form's schema with the conversions that depend on the quota ratio and the clock; the
 * result is the edit the service receives, with refills and the rate limit where the server has
 * them. Its problems are told by TOKEN_FORM_MESSAGES.
 */
export function tokenFormResolverSchema(
  quotaPerUnit: number,
  loaded: Token | null,
  now: () => number,
  withLifecycle = true,
  withTpm = false,
) {
  return tokenFormSchema.transform((values, ctx): TokenFormResult => {
    const count = readCount(ctx, values.count);
    const name = readName(ctx, values.name, count);
    const remainQuota = readQuota(ctx, values, quotaPerUnit, loaded);
    const expiredTime = readExpiry(ctx, values, now(), loaded?.expired_time);
    const lifecycle = withLifecycle
      ? readLifecycle(ctx, values, quotaPerUnit, loaded, withTpm)
      : null;
    if (
      name === null ||
      count === null ||
      remainQuota === null ||
      expiredTime === null ||
      (withLifecycle && lifecycle === null)
    ) {
      return z.NEVER;
    }
    return {
      count,
      lifecycle,
      edit: {
        name,
        remain_quota: remainQuota,
        unlimited_quota: values.unlimited,
        expired_time: expiredTime,
        models: values.models.trim(),
        subnet: values.subnet.trim(),
        status: values.enabled ? TokenStatus.enabled : TokenStatus.disabled,
      },
    };
  });
}

/** What the server lets the form set besides the fields every server has. */
export interface FormReach {
  /** Refills and requests per minute. */
  lifecycle: boolean;
  /** Tokens per minute. */
  tpm: boolean;
}

/** The form's resolver, telling each problem in the reader's language. */
export const tokenFormResolver = (
  quotaPerUnit: number,
  loaded: Token | null,
  reach: FormReach,
  t: Translate,
) =>
  zodResolver(
    tokenFormResolverSchema(quotaPerUnit, loaded, nowSeconds, reach.lifecycle, reach.tpm),
    { error: issueErrorMap(TOKEN_FORM_MESSAGES, t) },
  );

export function defaultFormValues(token: Token | null, quotaPerUnit: number): TokenFormValues {
  if (!token) {
    return {
      name: '',
      amount: '1',
      amountUnit: 'usd',
      unlimited: false,
      expiry: 'never',
      expiryDate: null,
      soonConfirmed: false,
      models: '',
      subnet: '',
      enabled: true,
      count: '1',
      ...lifecycleFormValues(null, quotaPerUnit),
    };
  }
  return {
    name: token.name,
    amount: unitsToAmountText(token.remain_quota, 'usd', quotaPerUnit),
    amountUnit: 'usd',
    unlimited: token.unlimited_quota,
    expiry: token.expired_time === NEVER ? 'never' : 'keep',
    expiryDate: token.expired_time === NEVER ? null : secondsToPicker(token.expired_time),
    soonConfirmed: false,
    models: token.models,
    subnet: token.subnet,
    enabled: token.status !== TokenStatus.disabled,
    count: '1',
    ...lifecycleFormValues(token, quotaPerUnit),
  };
}

/** Where the form shows a refusal of each field it sends; the rest only above the buttons. */
const FORM_FIELD_OF: Record<TokenWriteField, FormField | null> = {
  name: 'name',
  remain_quota: 'amount',
  unlimited_quota: null,
  expired_time: 'expiry',
  models: 'models',
  subnet: 'subnet',
  status: null,
  quota_reset_period: 'refill',
  quota_reset_amount: 'refillAmount',
  rpm_limit: 'rpm',
};

/** The form field a failed save is about, when the server said which field it refused. */
export function formFieldOfRefusal(error: unknown): FormField | null {
  return isApiError(error) && error.field ? FORM_FIELD_OF[error.field] : null;
}
