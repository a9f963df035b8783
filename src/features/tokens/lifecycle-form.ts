import '../../lib/i18n/en-signed-in';
import { z } from 'zod';
import { QUOTA_RESET_PERIODS, type QuotaResetPeriod } from '../../contract/quota-reset';
import { rpmLimitSchema } from '../../contract/rate-limit';
import type { Token } from '../../contract/token';
import { tpmLimitOf, type TpmLimited } from '../../api/backend';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, parseAmount, type AmountUnit } from '../../lib/quota';
import { AMOUNT_MESSAGES, amountIssue, isLoadedAmount, unitsToAmountText } from './amount-text';

/** Refills and the rate limits, as one write sets them; tokens per minute where a server has them. */
export type LifecycleEdit = Pick<Token, 'quota_reset_period' | 'quota_reset_amount' | 'rpm_limit'> &
  TpmLimited;

/** The most tokens per minute the form takes: LiteLLM sets no bound of its own. */
export const TPM_MAX = 1_000_000_000;

/** A new token has neither a refill nor a rate limit. */
export const NO_LIFECYCLE: LifecycleEdit = {
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  rpm_limit: 0,
};

/** Bulk edit offers leaving each token's refill as it is. */
export const BULK_REFILL_CHOICES = ['keep', ...QUOTA_RESET_PERIODS] as const;
export type RefillChoice = (typeof BULK_REFILL_CHOICES)[number];

export const REFILL_LABELS: Record<RefillChoice, MessageKey> = {
  keep: 'lifecycle.refillKeep',
  none: 'lifecycle.refillNone',
  daily: 'lifecycle.refillDaily',
  weekly: 'lifecycle.refillWeekly',
  monthly: 'lifecycle.refillMonthly',
};

/**
 * Bulk edit's rate limit: left as each token has it, taken away, or set. Its text field cannot
 * say "no limit" by being empty, as the token form's does: empty there keeps each token's.
 */
export const BULK_RATE_LIMITS = ['keep', 'none', 'limit'] as const;
export type BulkRateLimit = (typeof BULK_RATE_LIMITS)[number];

export const RATE_LIMIT_LABELS: Record<BulkRateLimit, MessageKey> = {
  keep: 'lifecycle.rpmKeep',
  none: 'lifecycle.rpmNone',
  limit: 'lifecycle.rpmLimit',
};

/** The fields both forms hold besides the refill choice: text as typed. */
export const lifecycleTextFields = {
  refillAmount: z.string(),
  refillUnit: z.enum(['usd', 'units']),
  rpm: z.string(),
  tpm: z.string(),
};
interface LifecycleText {
  refillAmount: string;
  refillUnit: AmountUnit;
  rpm: string;
  tpm: string;
}

/** What the lifecycle fields read and set of the form they are in; bulk edit's has a rateLimit. */
export interface LifecycleFormFields extends LifecycleText {
  refill: RefillChoice;
  rateLimit?: BulkRateLimit;
}

export const LIFECYCLE_FORM_MESSAGES = {
  refillAmount: AMOUNT_MESSAGES,
  rpm: { invalid: 'lifecycle.err.rpm', zero: 'lifecycle.err.rpmZero' },
  tpm: { invalid: 'lifecycle.err.tpm', zero: 'lifecycle.err.tpmZero' },
} as const;

export const BULK_LIFECYCLE_MESSAGES = {
  refillAmount: AMOUNT_MESSAGES,
  rpm: { invalid: 'lifecycle.err.rpmBulk', zero: 'lifecycle.err.rpmZeroBulk' },
} as const;

/** The refill amount in units: the loaded figure while the text still reads as it. */
function readRefillAmount(
  ctx: z.RefinementCtx,
  { refillAmount, refillUnit }: LifecycleText,
  quotaPerUnit: number,
  loadedUnits: number | null,
): number | null {
  if (loadedUnits !== null && isLoadedAmount(refillAmount, refillUnit, quotaPerUnit, loadedUnits))
    return loadedUnits;
  const units = amountToUnits(refillAmount, refillUnit, quotaPerUnit);
  if (units.ok) return units.units;
  ctx.addIssue(amountIssue(units.reason, 'refillAmount'));
  return null;
}

const tpmLimitSchema = z.number().int().min(0).max(TPM_MAX);

/**
 * Requests (or tokens) per minute as typed, held to their bounds. A typed 0 is refused: on the
 * wire it means no limit, the opposite of what a person typing it most likely meant.
 */
function readLimit(ctx: z.RefinementCtx, text: string, field: 'rpm' | 'tpm'): number | null {
  const typed = parseAmount(text);
  const limit = (field === 'rpm' ? rpmLimitSchema : tpmLimitSchema).safeParse(typed);
  if (limit.success && limit.data > 0) return limit.data;
  const reason = typed === 0 ? 'zero' : 'invalid';
  ctx.addIssue({ code: 'custom', path: [field], params: { reason } });
  return null;
}
const readRpm = (ctx: z.RefinementCtx, text: string) => readLimit(ctx, text, 'rpm');

/** The refill amount a token had, when it refills. */
export const loadedRefill = (token: Token | null) =>
  token && token.quota_reset_period !== 'none' ? token.quota_reset_amount : null;

/** A token's refill and rate limit as the token form first shows them. */
export function lifecycleFormValues(token: Token | null, quotaPerUnit: number) {
  const refillUnits = loadedRefill(token);
  return {
    refill: token?.quota_reset_period ?? 'none',
    refillAmount: refillUnits === null ? '1' : unitsToAmountText(refillUnits, 'usd', quotaPerUnit),
    refillUnit: 'usd',
    rpm: token && token.rpm_limit > 0 ? String(token.rpm_limit) : '',
    tpm: token && tpmLimitOf(token) > 0 ? String(tpmLimitOf(token)) : '',
  } satisfies LifecycleText & { refill: QuotaResetPeriod };
}

/** Bulk edit starts by changing neither. */
export const bulkLifecycleDefaults = {
  refill: 'keep',
  refillAmount: '1',
  refillUnit: 'usd',
  rateLimit: 'keep',
  rpm: '',
  tpm: '',
} satisfies Required<LifecycleFormFields>;

/**
 * The token form's refill and rate limits (empty is no limit), tokens per minute where the
 * server has them; null when one cannot be read.
 */
export function readLifecycle(
  ctx: z.RefinementCtx,
  values: LifecycleText & { refill: QuotaResetPeriod },
  quotaPerUnit: number,
  loaded: Token | null,
  withTpm = false,
): LifecycleEdit | null {
  const amount =
    values.refill === 'none'
      ? 0
      : readRefillAmount(ctx, values, quotaPerUnit, loadedRefill(loaded));
  const rpm = values.rpm.trim() === '' ? 0 : readRpm(ctx, values.rpm);
  const tpm = !withTpm || values.tpm.trim() === '' ? 0 : readLimit(ctx, values.tpm, 'tpm');
  if (amount === null || rpm === null || tpm === null) return null;
  return {
    quota_reset_period: values.refill,
    quota_reset_amount: amount,
    rpm_limit: rpm,
    ...(withTpm ? { tpm_limit: tpm } : {}),
  };
}

/** What bulk edit changes of the refill and rate limit; null when one cannot be read. */
export function readLifecycleChange(
  ctx: z.RefinementCtx,
  values: Required<LifecycleFormFields>,
  quotaPerUnit: number,
): Partial<LifecycleEdit> | null {
  const { refill, rateLimit } = values;
  const amount =
    refill === 'keep' || refill === 'none' ? 0 : readRefillAmount(ctx, values, quotaPerUnit, null);
  const rpm =
    rateLimit === 'limit' ? readRpm(ctx, values.rpm) : rateLimit === 'none' ? 0 : undefined;
  if (amount === null || rpm === null) return null;
  return {
    ...(refill === 'keep' ? {} : { quota_reset_period: refill, quota_reset_amount: amount }),
    ...(rpm === undefined ? {} : { rpm_limit: rpm }),
  };
}
