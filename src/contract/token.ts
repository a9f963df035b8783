import { z } from 'zod';
import { digitsToNumber, given, queryInt } from './query-text';
import { QUOTA_RESET_PERIODS, quotaResetPeriodSchema } from './quota-reset';
import { rpmLimitSchema } from './rate-limit';
import { KEY_LENGTH, TOKEN_ORDERS, TokenStatus, type TokenOrder } from './token-constants';

export {
  KEY_LENGTH,
  TOKEN_ORDERS,
  TokenStatus,
  type TokenOrder,
  type TokenOrderField,
  type TokenStatusCode,
} from './token-constants';

/** The administrator's switch, the only statuses a write stores. */
export type StoredStatus = typeof TokenStatus.enabled | typeof TokenStatus.disabled;

export const NAME_MAX = 50;
export const QUOTA_MAX = 1_000_000_000_000_000;
/** 9999-12-31T23:59:59Z: far enough for "practically never", small enough for every date library. */
export const EXPIRY_MAX = 253_402_300_799;
export const NEVER = -1;
export const BATCH_MAX = 100;
export const PAGE_SIZE_MAX = 100;
export const LIST_TEXT_MAX = 200;

/** Control characters are invisible and corrupt logs, terminals and exported CSV files. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Half of a surrogate pair is not text: SQLite would keep U+FFFD in its place. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text fields hold what a person can read, kept exactly as sent. */
function plainText(schema: z.ZodString, field: string): z.ZodString {
  return schema
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: `${field} must not contain control characters`,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      error: `${field} must be valid Unicode text`,
    });
}

export const tokenNameSchema = plainText(
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `name is required: 1 to ${NAME_MAX} characters`
          : 'name must be a string',
    })
    .trim()
    .min(1, { error: `name must be 1 to ${NAME_MAX} characters` })
    .max(NAME_MAX, { error: `name must be 1 to ${NAME_MAX} characters` }),
  'name',
);

export const quotaSchema = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} must be between 0 and ${QUOTA_MAX}` })
    .max(QUOTA_MAX, { error: `${field} must be between 0 and ${QUOTA_MAX}` });

export const expiredTimeSchema = z
  .number({ error: 'expired_time must be -1 (never) or Unix seconds' })
  .int({ error: 'expired_time must be -1 (never) or Unix seconds' })
  .min(NEVER, { error: 'expired_time must be -1 (never) or Unix seconds' })
  .max(EXPIRY_MAX, { error: `expired_time must be at most ${EXPIRY_MAX} (year 9999)` });

const listTextSchema = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Comma-separated allow-lists; "" means no restriction. */
export const modelsSchema = plainText(listTextSchema('models', 4096), 'models');
/** One entry of a subnet allow-list: an address, or a range in CIDR notation. */
const ADDRESS_OR_RANGE = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/**
 * The first entry of an allow-list that is not an address or range, cut to be quoted; undefined
 * when all are, or when the text breaks a rule checked before (its length, its characters), so
 * the refusal does not quote it back.
 */
function unreadableEntry(list: string): string | undefined {
  if (list.length > 4096 || CONTROL_CHARACTER.test(list) || LONE_SURROGATE.test(list)) {
    return undefined;
  }
  const entry = list
    .split(',')
    .map((part) => part.trim())
    .find((part) => part !== '' && !ADDRESS_OR_RANGE.safeParse(part).success);
  return entry !== undefined && entry.length > 50 ? `${entry.slice(0, 50)}…` : entry;
}
/** An entry that is neither would let no address through: it is refused, not kept. */
export const subnetSchema = plainText(listTextSchema('subnet', 4096), 'subnet').refine(
  (list) => unreadableEntry(list) === undefined,
  {
    error: (issue) =>
      `subnet must list IP addresses or CIDR ranges, such as 10.0.0.0/8 or 2001:db8::/32: "${unreadableEntry(String(issue.input))}" is neither`,
  },
);

export const idSchema = z
  .number({ error: 'id must be a positive integer' })
  .int({ error: 'id must be a positive integer' })
  .positive({ error: 'id must be a positive integer' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'id must be a positive integer' });

/** A token's id in a path: digits only, so "1.5", "-1", "1e3" and " 1" are not ids. */
export const tokenIdParamsSchema = z.object({
  id: z
    .preprocess(digitsToNumber, idSchema)
    // A preprocess also takes no value at all; a path parameter is always there.
    .meta({ param: { required: true } }),
});

const STORED_STATUSES = [TokenStatus.enabled, TokenStatus.disabled] as const;
const READ_STATUSES = [...STORED_STATUSES, TokenStatus.expired, TokenStatus.exhausted] as const;

export const storedStatusSchema = z.literal(STORED_STATUSES, {
  error: 'status must be 1 (enabled) or 2 (disabled)',
});

/**
 * The status an update may send: 1 (switch on) or 2 (switch off), or the 3 and 4 a token reads
 * as while switched on, which leave the switch as it is: a token sent back as it was read keeps
 * its switch, and is not asked to switch on (which an expired or exhausted token refuses).
 */
export const writtenStatusSchema = z
  .literal(READ_STATUSES, { error: 'status must be 1 (enabled) or 2 (disabled)' })
  .transform((status): StoredStatus | undefined =>
    status === TokenStatus.enabled || status === TokenStatus.disabled ? status : undefined,
  );

export const tokenSchema = z
  .object({
    id: z.number().int().meta({ description: 'Assigned by the service, never reused.' }),
    name: z.string().meta({ description: `1 to ${NAME_MAX} characters.` }),
    key: z.string().meta({
      description: `${KEY_LENGTH} letters and digits, shown to people as sk- + key. Whole only in the answers of create and reveal; masked elsewhere: the first 4, ten *, the last 4.`,
    }),
    status: z.literal(READ_STATUSES).meta({
      description:
        '1 enabled, 2 disabled, 3 expired (enabled, expiry past), 4 exhausted (enabled, limited, no quota left).',
    }),
    remain_quota: z.number().int().meta({ description: 'Quota units left.' }),
    used_quota: z.number().int().meta({ description: 'Quota units used so far.' }),
    unlimited_quota: z
      .boolean()
      .meta({ description: 'true: no cap; remain_quota is kept but not enforced.' }),
    expired_time: z.number().int().meta({ description: '-1: never; otherwise Unix seconds.' }),
    created_time: z.number().int().meta({ description: 'Unix seconds.' }),
    accessed_time: z
      .number()
      .int()
      .meta({ description: 'Unix seconds of the last use; created_time until used.' }),
    models: z
      .string()
      .meta({ description: 'Comma-separated model names it may use; "" means all.' }),
    subnet: z
      .string()
      .meta({ description: 'Comma-separated IP ranges (CIDR) it may be used from; "" means any.' }),
    quota_reset_period: z.enum(QUOTA_RESET_PERIODS).meta({
      description:
        'How often remain_quota is set to quota_reset_amount, at 00:00 UTC: daily; weekly on Mondays; monthly on the 1st.',
    }),
    quota_reset_amount: z
      .number()
      .int()
      .meta({ description: 'What remain_quota is set to at each reset.' }),
    next_reset_time: z
      .number()
      .int()
      .meta({ description: 'Unix seconds of the next reset; -1 when quota_reset_period is none.' }),
    rpm_limit: z
      .number()
      .int()
      .meta({ description: 'Verifies that may pass each minute; 0 is no limit.' }),
    previous_key_valid_until: z.number().int().nullable().meta({
      description:
        'Unix seconds until which the key the token had before its last rotation still verifies; null when no earlier key does.',
    }),
  })
  .meta({ id: 'Token' });
export type Token = z.infer<typeof tokenSchema>;

export const tokenCreateSchema = z.object({
  name: tokenNameSchema,
  remain_quota: quotaSchema('remain_quota').default(0),
  expired_time: expiredTimeSchema.default(NEVER),
  unlimited_quota: z.boolean({ error: 'unlimited_quota must be true or false' }).default(false),
  models: modelsSchema.default(''),
  subnet: subnetSchema.default(''),
  quota_reset_period: quotaResetPeriodSchema.default('none'),
  quota_reset_amount: quotaSchema('quota_reset_amount').default(0),
  rpm_limit: rpmLimitSchema.default(0),
});
export type TokenCreate = z.output<typeof tokenCreateSchema>;

export const tokenUpdateSchema = z.object({
  id: idSchema,
  name: tokenNameSchema.optional(),
  remain_quota: quotaSchema('remain_quota').optional(),
  expired_time: expiredTimeSchema.optional(),
  unlimited_quota: z.boolean({ error: 'unlimited_quota must be true or false' }).optional(),
  status: writtenStatusSchema.optional(),
  models: modelsSchema.optional(),
  subnet: subnetSchema.optional(),
  quota_reset_period: quotaResetPeriodSchema.optional(),
  quota_reset_amount: quotaSchema('quota_reset_amount').optional(),
  rpm_limit: rpmLimitSchema.optional(),
});
export type TokenUpdate = z.infer<typeof tokenUpdateSchema>;

/** `?status_only=true` makes an update read only `id` and `status`. */
export const tokenUpdateQuerySchema = z.object({
  status_only: z
    .enum(['', 'true', 'false', '1', '0'], { error: 'status_only must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1')
    .meta({ description: 'true: only id and status are read from the body.' }),
});

const { id: _id, ...writeFields } = tokenUpdateSchema.shape;
/** The fields a write sets, as the wire names them: what a refusal of a write can be about. */
export const TOKEN_WRITE_FIELDS = Object.keys(writeFields) as ReadonlyArray<
  keyof typeof writeFields
>;
export type TokenWriteField = (typeof TOKEN_WRITE_FIELDS)[number];

export const tokenStatusUpdateSchema = z.object({
  id: idSchema,
  status: writtenStatusSchema,
});

export const batchDeleteSchema = z.object({
  ids: z
    .array(idSchema, { error: 'ids must be an array of token ids' })
    .min(1, { error: `ids must hold 1 to ${BATCH_MAX} token ids` })
    .max(BATCH_MAX, { error: `ids must hold 1 to ${BATCH_MAX} token ids` }),
});
export type BatchDelete = z.infer<typeof batchDeleteSchema>;

const orderValues = TOKEN_ORDERS.flatMap((f) => [f, `-${f}`]) as [TokenOrder, ...TokenOrder[]];

export const tokenListQuerySchema = z.object({
  p: queryInt('p', 1, 1_000_000_000, 1).meta({ description: 'The page, from 1.' }),
  size: queryInt('size', 1, PAGE_SIZE_MAX, 10).meta({ description: 'Tokens a page.' }),
  keyword: listTextSchema('keyword', LIST_TEXT_MAX)
    .optional()
    .default('')
    .meta({ description: 'Names that contain this text, in any case.' }),
  token: listTextSchema('token', LIST_TEXT_MAX)
    .optional()
    .default('')
    .meta({ description: 'The token with this whole key, with or without sk-.' }),
  status: z
    .preprocess(
      digitsToNumber,
      z
        .literal(READ_STATUSES, {
          error: 'status must be 1 (enabled), 2 (disabled), 3 (expired) or 4 (exhausted)',
        })
        .optional(),
    )
    .meta({
      description: 'Tokens with this status: 1 enabled, 2 disabled, 3 expired, 4 exhausted.',
    }),
  order: z
    .preprocess(
      given,
      z
        .enum(orderValues, {
          error: `order must be one of ${TOKEN_ORDERS.join(', ')}, with - in front for descending`,
        })
        .default('-id'),
    )
    .meta({ description: 'The field to order by; - in front for descending.' }),
});
export type TokenListQuery = z.output<typeof tokenListQuerySchema>;

/** The summary counts the tokens a list with the same keyword and key would show. */
export const tokenSummaryQuerySchema = tokenListQuerySchema.pick({ keyword: true, token: true });
export type TokenListQueryInput = z.input<typeof tokenListQuerySchema>;

/** Accepts a key as people paste it: with or without the `sk-` prefix, surrounding blanks ignored. */
export function normalizeKey(input: string): string {
  const trimmed = input.trim();
  return trimmed.startsWith('sk-') ? trimmed.slice(3) : trimmed;
}

/** Where a token falls when ordered by expiry: one that never expires comes after every date. */
export function expirySortKey(expiredTime: number): number {
  return expiredTime === NEVER ? Number.POSITIVE_INFINITY : expiredTime;
}

export function maskKey(key: string): string {
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}
