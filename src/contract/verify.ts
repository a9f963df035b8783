import { z } from 'zod';
import { LIST_TEXT_MAX, quotaSchema, tokenSchema } from './token';

/** Why a verify let a key pass or not, checked in this order; the first that fails is the code. */
export const VERIFY_CODES = [
  'VALID',
  'NOT_FOUND',
  'DISABLED',
  'EXPIRED',
  'MODEL_NOT_ALLOWED',
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  'EXHAUSTED',
] as const;
export type VerifyCode = (typeof VERIFY_CODES)[number];

export const MODEL_MAX = 100;
export const REQUEST_ID_MAX = 128;
/**
 * A hold (a verify with a request_id and a cost) not settled within this many seconds stands as
 * charged: it is counted as unsettled, and a report of its request_id no longer changes it.
 */
export const HOLD_WINDOW_SECONDS = 3_600;

export const requestIdSchema = z
  .string({ error: 'request_id must be a string' })
  .min(1, { error: `request_id must be 1 to ${REQUEST_ID_MAX} characters` })
  .max(REQUEST_ID_MAX, { error: `request_id must be 1 to ${REQUEST_ID_MAX} characters` });

export const tokenVerifySchema = z.object({
  key: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'key is required: the token key, with or without sk-'
          : 'key must be a string',
    })
    .trim()
    .min(1, { error: 'key is required: the token key, with or without sk-' })
    .max(LIST_TEXT_MAX, { error: `key must be at most ${LIST_TEXT_MAX} characters` })
    .meta({ description: 'The token key the caller presented, with or without sk-.' }),
  model: z
    .string({ error: 'model must be a string' })
    .max(MODEL_MAX, { error: `model must be at most ${MODEL_MAX} characters` })
    .optional()
    .meta({
      description:
        "The model asked for, checked against the token's models; left out, no model is checked.",
    }),
  ip: z
    .union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' })
    .optional()
    .meta({
      description:
        "The caller's address, checked against the token's subnet; a token with a subnet needs it.",
    }),
  cost: quotaSchema('cost')
    .default(0)
    .meta({ description: 'Quota units to charge now, all or nothing; 0 only checks.' }),
  request_id: requestIdSchema.optional().meta({
    description:
      'With a cost: the charge is a hold, which the usage report of this request_id settles (the real cost charged, the rest given back). A hold not settled within an hour stands as charged.',
  }),
});
export type TokenVerify = z.output<typeof tokenVerifySchema>;

export const rateLimitStateSchema = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  reset_time: z.number().int().meta({ description: 'Unix seconds when the window ends.' }),
});
export type RateLimitState = z.infer<typeof rateLimitStateSchema>;

export const verifyResultSchema = z
  .object({
    valid: z.boolean(),
    code: z.enum(VERIFY_CODES),
    token_id: z.number().int().nullable(),
    name: z.string().nullable(),
    remain_quota: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Quota units left, after the charge when VALID.' }),
    unlimited_quota: z.boolean().nullable(),
    expired_time: z.number().int().nullable(),
    rate_limit: rateLimitStateSchema.nullable().meta({
      description:
        "The token's requests-per-minute window, when it has a limit and the check reached it (VALID, RATE_LIMITED, EXHAUSTED); null otherwise.",
    }),
  })
  .meta({ id: 'VerifyResult' });
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const GRACE_MAX = 604_800;

export const tokenRotateSchema = z.object({
  grace_seconds: z
    .number({ error: `grace_seconds must be a whole number from 0 to ${GRACE_MAX} (7 days)` })
    .int({ error: `grace_seconds must be a whole number from 0 to ${GRACE_MAX} (7 days)` })
    .min(0, { error: `grace_seconds must be a whole number from 0 to ${GRACE_MAX} (7 days)` })
    .max(GRACE_MAX, {
      error: `grace_seconds must be a whole number from 0 to ${GRACE_MAX} (7 days)`,
    })
    .default(0)
    .meta({ description: 'How long the previous key still verifies; 0 ends it at once.' }),
});
export type TokenRotate = z.output<typeof tokenRotateSchema>;

export const rotateResultSchema = z
  .object({
    key: z
      .string()
      .meta({ description: 'The new whole key, shown this once (reveal shows it too).' }),
    token: tokenSchema,
    previous_key_valid_until: z
      .number()
      .int()
      .meta({ description: 'Unix seconds until which the previous key still verifies.' }),
  })
  .meta({ id: 'RotateResult' });
export type RotateResult = z.infer<typeof rotateResultSchema>;
