import { z } from 'zod';
import { VERIFY_CODES } from './verify';
import { EXPIRY_MAX, LIST_TEXT_MAX, QUOTA_MAX, idSchema, quotaSchema } from './token';
import { digitsToNumber, given } from './query-text';
import { MODEL_MAX, REQUEST_ID_MAX, requestIdSchema } from './verify';

export { REQUEST_ID_MAX };

/** A usage report's request_id makes it count once within this many seconds. */
export const REQUEST_ID_WINDOW_SECONDS = 86_400;

const tokenCountSchema = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of tokens` })
    .int({ error: `${field} must be a whole number of tokens` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(QUOTA_MAX, { error: `${field} must be at most ${QUOTA_MAX}` })
    .optional()
    .meta({ description: `The request's ${field.replace('_', ' ')}, for the usage figures.` });

export const usageReportSchema = z
  .object({
    key: z
      .string({ error: 'key must be a string' })
      .trim()
      .min(1, { error: 'key must not be empty' })
      .max(LIST_TEXT_MAX, { error: `key must be at most ${LIST_TEXT_MAX} characters` })
      .optional()
      .meta({ description: 'The token key, with or without sk-; or give token_id.' }),
    token_id: idSchema.optional().meta({ description: 'The token id; or give key.' }),
    quota: quotaSchema('quota').meta({
      description: 'Units the request really cost: added to used_quota, taken from remain_quota.',
    }),
    model: z
      .string({ error: 'model must be a string' })
      .max(MODEL_MAX, { error: `model must be at most ${MODEL_MAX} characters` })
      .optional(),
    request_id: requestIdSchema.optional().meta({
      description:
        'The gateway’s id of the request: the same id for the same token within 24 hours is counted once; a hold made by a verify with this id is settled by it.',
    }),
    prompt_tokens: tokenCountSchema('prompt_tokens'),
    completion_tokens: tokenCountSchema('completion_tokens'),
  })
  .refine((report) => (report.key === undefined) !== (report.token_id === undefined), {
    error: 'give exactly one of key and token_id',
  });
export type UsageReport = z.output<typeof usageReportSchema>;

export const usageReportResultSchema = z
  .object({
    token_id: z.number().int(),
    charged: z.number().int().meta({
      description:
        'What the request cost, in units: 0 for a duplicate. used_quota grows by this less what was held.',
    }),
    held: z.number().int().meta({
      description:
        'Units a verify with this request_id had held, now settled (0 when none): used_quota grows by charged − held, and remain_quota gets back what the hold took beyond the cost.',
    }),
    remain_quota: z.number().int(),
    used_quota: z.number().int(),
    duplicate: z
      .boolean()
      .meta({ description: 'true: this request_id was reported before; nothing was charged.' }),
  })
  .meta({ id: 'UsageReportResult' });
export type UsageReportResult = z.infer<typeof usageReportResultSchema>;

export const USAGE_BUCKETS = { hour: 3_600, day: 86_400 } as const;
export type UsageBucket = keyof typeof USAGE_BUCKETS;
export const USAGE_BUCKETS_MAX = 1_000;
/** Without from, the figures start this long before `to`. */
export const USAGE_DEFAULT_SPAN = 7 * 86_400;
/** Ranges up to this long are answered by the hour unless a bucket is asked for. */
export const HOURLY_SPAN_MAX = 72 * 3_600;

const usageTime = (field: string) =>
  z
    .preprocess(
      digitsToNumber,
      z
        .number({ error: `${field} must be Unix seconds` })
        .int({ error: `${field} must be Unix seconds` })
        .min(0, { error: `${field} must be Unix seconds` })
        .max(EXPIRY_MAX, { error: `${field} must be at most ${EXPIRY_MAX}` })
        .optional(),
    )
    .meta({ description: `Unix seconds.` });

export const usageQuerySchema = z.object({
  from: usageTime('from').meta({ description: 'Unix seconds; default 7 days before `to`.' }),
  to: usageTime('to').meta({ description: 'Unix seconds; default now.' }),
  bucket: z
    .preprocess(given, z.enum(['hour', 'day'], { error: 'bucket must be hour or day' }).optional())
    .meta({ description: 'hour, or day; default hour for ranges up to 72 hours, else day.' }),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

/** The buckets asked for: from aligned down to its bucket's start (UTC), to as given. */
export interface UsageRange {
  from: number;
  to: number;
  bucket: UsageBucket;
}

/** The range a query asks for at `now`, or what is wrong with it. */
export function usageRange(query: UsageQuery, now: number): UsageRange | string {
  const to = query.to ?? now;
  const start = query.from ?? Math.max(0, to - USAGE_DEFAULT_SPAN);
  if (start >= to) return 'from must be before to';
  const bucket = query.bucket ?? (to - start <= HOURLY_SPAN_MAX ? 'hour' : 'day');
  const size = USAGE_BUCKETS[bucket];
  const from = Math.floor(start / size) * size;
  const buckets = Math.ceil((to - from) / size);
  if (buckets > USAGE_BUCKETS_MAX) {
    const wider = bucket === 'hour' ? ', or ask for bucket=day' : '';
    return `the range holds ${buckets} ${bucket} buckets; at most ${USAGE_BUCKETS_MAX}: narrow from and to${wider}`;
  }
  return { from, to, bucket };
}

const DENIED_CODES = VERIFY_CODES.filter((code) => code !== 'VALID');

const usagePointSchema = z.object({
  time: z.number().int().meta({ description: 'Unix seconds where the bucket starts.' }),
  requests: z.number().int().meta({ description: 'Verifies that let the key pass.' }),
  quota: z.number().int().meta({ description: 'Units charged by verifies and usage reports.' }),
  denied: z.number().int().meta({ description: 'Verifies with any other code.' }),
  prompt_tokens: z.number().int().meta({ description: 'Input tokens of settled requests.' }),
  completion_tokens: z.number().int().meta({ description: 'Output tokens of settled requests.' }),
});

export const usageFiguresSchema = z
  .object({
    token_id: z.number().int().optional().meta({ description: 'Absent for all tokens.' }),
    bucket: z.enum(['hour', 'day']),
    from: z.number().int(),
    to: z.number().int(),
    series: z
      .array(usagePointSchema)
      .meta({ description: 'One entry per bucket in the range, zeros included, oldest first.' }),
    by_model: z
      .array(
        z.object({
          model: z.string(),
          requests: z.number().int(),
          quota: z.number().int(),
          prompt_tokens: z.number().int(),
          completion_tokens: z.number().int(),
        }),
      )
      .meta({ description: 'Largest quota first; model "" when none was given.' }),
    totals: z.object({
      requests: z.number().int(),
      quota: z.number().int(),
      denied: z.number().int(),
      denied_by_code: z.partialRecord(z.enum(DENIED_CODES), z.number().int()),
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      unsettled: z.number().int().meta({
        description:
          'Holds never settled within an hour (a gateway that stopped mid-request): charged as held.',
      }),
    }),
    top_tokens: z
      .array(
        z.object({
          token_id: z.number().int(),
          name: z.string(),
          requests: z.number().int(),
          quota: z.number().int(),
        }),
      )
      .optional()
      .meta({ description: 'All tokens only: the 10 with most quota in the range.' }),
  })
  .meta({ id: 'UsageFigures' });
export type UsageFigures = z.infer<typeof usageFiguresSchema>;
