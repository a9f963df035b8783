import { z } from 'zod';

export const DEFAULT_QUOTA_PER_UNIT = 500_000;
export const QUOTA_PER_UNIT_MAX = 1_000_000_000_000;

export const statusInfoSchema = z
  .object({
    version: z.string(),
    quota_per_unit: z.number().positive().meta({ description: 'Quota units in 1 USD.' }),
    display_in_currency: z.boolean().meta({ description: 'Whether quota is shown in USD.' }),
  })
  .meta({ id: 'StatusInfo' });
export type StatusInfo = z.infer<typeof statusInfoSchema>;

export const quotaPerUnitSchema = z
  .number({ error: 'QuotaPerUnit must be a number' })
  .positive({ error: `QuotaPerUnit must be greater than 0 and at most ${QUOTA_PER_UNIT_MAX}` })
  .max(QUOTA_PER_UNIT_MAX, {
    error: `QuotaPerUnit must be greater than 0 and at most ${QUOTA_PER_UNIT_MAX}`,
  });

export const OPTION_KEYS = [
  'QuotaPerUnit',
  'DisplayInCurrencyEnabled',
  'AlertLowQuotaPercent',
  'AlertExpiringDays',
] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

/** A whole number from 0 to max, sent as a number or as its digits; stored as its digits. */
function wholeOption(key: string, max: number, meaning: string) {
  const message = `${key} must be a whole number from 0 to ${max} (${meaning})`;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) =>
      typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value,
    )
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .min(0, { error: message })
        .max(max, { error: message }),
    )
    .transform(String);
}

/** Options travel as strings, the way one-api and new-api keep them. */
export const optionSchema = z.object({ key: z.string(), value: z.string() }).meta({ id: 'Option' });
export type Option = z.infer<typeof optionSchema>;

export const optionUpdateSchema = z.discriminatedUnion(
  'key',
  [
    z.object({
      key: z.literal('QuotaPerUnit'),
      value: z
        .union([z.string(), z.number()], { error: 'value must be a number' })
        .transform((value) =>
          typeof value === 'string' && value.trim() === '' ? NaN : Number(value),
        )
        .pipe(quotaPerUnitSchema),
    }),
    z.object({
      key: z.literal('DisplayInCurrencyEnabled'),
      value: z.union([z.boolean(), z.enum(['true', 'false'])], {
        error: 'value must be true or false',
      }),
    }),
    z.object({
      key: z.literal('AlertLowQuotaPercent'),
      value: wholeOption(
        'AlertLowQuotaPercent',
        100,
        'percent of the quota; 0 sends no token.quota_low',
      ),
    }),
    z.object({
      key: z.literal('AlertExpiringDays'),
      value: wholeOption(
        'AlertExpiringDays',
        365,
        'days before the expiry; 0 sends no token.expiring',
      ),
    }),
  ],
  { error: `key must be one of ${OPTION_KEYS.join(', ')}` },
);
