import { z } from 'zod';
import { tokensUsed, zeroIfAbsent } from './absent-as-zero';

/**
 * Shapes of a LiteLLM proxy's management routes, as the dashboard reads them (see
 * docs/gateways.md). Keys are known by `token`, the SHA-256 of the whole key; money is USD.
 * Fields the dashboard does not show are kept, and nulls stay null: LiteLLM writes what it is
 * sent, so what goes back must be exactly what the person changed.
 */
const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const liteLlmKeySchema = z.looseObject({
  /** SHA-256 hex of the whole key: the id every route takes in place of the key. */
  token: z.string().min(1),
  /** `sk-...` and the key's last 4 characters, as LiteLLM shows it; null where it keeps none. */
  key_name: nullableText,
  key_alias: nullableText,
  spend: z
    .number()
    .nullish()
    .transform((value) => value ?? 0),
  /** USD; null is no budget. */
  max_budget: nullableNumber,
  /** ISO date and time; null never expires. */
  expires: nullableText,
  /** Empty: every model. */
  models: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  rpm_limit: nullableNumber,
  tpm_limit: nullableNumber,
  /** How often the spend is set back to 0, such as "1d", "7d", "1mo"; null is never. */
  budget_duration: nullableText,
  budget_reset_at: nullableText,
  blocked: z.boolean().nullish(),
  created_at: nullableText,
  updated_at: nullableText,
  last_active: nullableText,
});
export type LiteLlmKey = z.infer<typeof liteLlmKeySchema>;

/** `/key/list?return_full_object=true`: a page of keys with the count of every match. */
export const liteLlmKeyPageSchema = z.object({
  keys: z.array(liteLlmKeySchema),
  total_count: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});

/** `/key/aliases?search=`: aliases containing the text, any case, in alias order. */
export const liteLlmAliasPageSchema = z.object({
  aliases: z.array(z.string()),
  total_count: z.number().int(),
});

/** `/key/info?key=`: the key as `info`, without its hash, which is the `key` asked for. */
export const liteLlmKeyInfoSchema = z.object({
  key: z.string(),
  info: liteLlmKeySchema.omit({ token: true }),
});

/** `/key/generate`: the new key's row with its whole key, this once. */
export const liteLlmGeneratedSchema = liteLlmKeySchema.extend({ key: z.string().min(1) });

/** `/openapi.json`: how a LiteLLM proxy names itself. */
export const openApiInfoSchema = z.object({
  info: z.object({ title: z.string(), version: z.string().optional() }),
});
export const LITELLM_API_TITLE = 'LiteLLM API';

/** What was spent and how often, as LiteLLM sums it. */
export const liteLlmMetricsSchema = z.looseObject({
  spend: zeroIfAbsent,
  ...tokensUsed,
  api_requests: zeroIfAbsent,
});
export type LiteLlmMetrics = z.infer<typeof liteLlmMetricsSchema>;

const breakdownSchema = z
  .record(
    z.string(),
    z.looseObject({
      metrics: liteLlmMetricsSchema,
      /** A key's alias, where the entry is a key's. */
      metadata: z.looseObject({ key_alias: nullableText }).nullish(),
    }),
  )
  .nullish()
  .transform((value) => value ?? {});

/**
 * `/user/daily/activity`: the spend by day (UTC), each with its models and keys (by hash), a
 * page of days at a time.
 */
export const liteLlmDailyActivitySchema = z.object({
  results: z.array(
    z.looseObject({
      date: z.string(),
      metrics: liteLlmMetricsSchema,
      breakdown: z
        .looseObject({ models: breakdownSchema, api_keys: breakdownSchema })
        .nullish()
        .transform((value) => value ?? { models: {}, api_keys: {} }),
    }),
  ),
  metadata: z.looseObject({
    page: z.number().int().optional(),
    total_pages: z.number().int().optional(),
    has_more: z.boolean().optional(),
  }),
});
export type LiteLlmDailyActivity = z.infer<typeof liteLlmDailyActivitySchema>;

/** `/spend/logs?summarize=false`: one row per request, newest first. */
export const liteLlmSpendLogSchema = z.looseObject({
  api_key: z.string(),
  spend: zeroIfAbsent,
  ...tokensUsed,
  startTime: z.string(),
  model: nullableText,
});
export type LiteLlmSpendLog = z.infer<typeof liteLlmSpendLogSchema>;
