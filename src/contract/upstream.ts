import { z } from 'zod';
import { tokensUsed } from './absent-as-zero';
import { DEFAULT_QUOTA_PER_UNIT, type StatusInfo } from './status';

/**
 * Shapes of the two gateways the dashboard also manages (see docs/gateways.md). Strings they may
 * send as null become "", and every field we do not show is kept so it can be sent back as is.
 */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const upstreamTokenSchema = z.looseObject({
  id: z.number().int(),
  name: text,
  key: text,
  status: z.number().int(),
  remain_quota: z.number(),
  used_quota: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  unlimited_quota: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  expired_time: z.number().int(),
  created_time: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? 0),
  accessed_time: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? 0),
  models: text,
  subnet: text,
});
export type UpstreamToken = z.infer<typeof upstreamTokenSchema>;

/**
 * new-api's token: no models/subnet, but a model allow-list with its own switch, allowed IPs
 * one per line, and a group. Kept as sent (null included) so what is not edited goes back as is.
 */
export const newApiTokenSchema = upstreamTokenSchema.extend({
  model_limits_enabled: z.boolean().nullish(),
  model_limits: z.string().nullish(),
  allow_ips: z.string().nullish(),
  group: z.string().nullish(),
  cross_group_retry: z.boolean().nullish(),
});
export type NewApiToken = z.infer<typeof newApiTokenSchema>;

/** one-api: a plain array, 10 a page, no total. */
export const oneApiPageSchema = z
  .array(upstreamTokenSchema)
  .nullable()
  .transform((v) => v ?? []);

const newApiItemsSchema = z
  .array(newApiTokenSchema)
  .nullable()
  .transform((v) => v ?? []);

/** new-api: paged with a total (older releases answered search with a plain array). */
export const newApiPageSchema = z.union([
  z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    items: newApiItemsSchema,
  }),
  newApiItemsSchema.transform((items) => ({
    page: 1,
    page_size: items.length,
    total: items.length,
    items,
  })),
]);

/** /api/status of either gateway: only what the dashboard reads. */
export const upstreamStatusSchema = z.looseObject({
  version: z.string().optional(),
  system_name: z.string().optional(),
  quota_per_unit: z.number().positive().optional(),
  display_in_currency: z.boolean().optional(),
});
export type UpstreamStatus = z.infer<typeof upstreamStatusSchema>;

/** A status as the dashboard uses it, what a server leaves out taking the service's default. */
export const statusInfoOf = (status: UpstreamStatus): StatusInfo => ({
  version: status.version ?? '',
  quota_per_unit: status.quota_per_unit ?? DEFAULT_QUOTA_PER_UNIT,
  display_in_currency: status.display_in_currency ?? true,
});

const count = z
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? 0);

/**
 * A log entry of either gateway, as their `/api/log/self` lists it: only what usage figures
 * need. `type` 2 is a consume log (one relayed request and what it cost); `token_id` is there
 * only in new-api releases that answer with the stored row, 0 where absent.
 */
export const upstreamLogSchema = z.object({
  created_at: z.number().int(),
  type: z.number().int(),
  token_name: text,
  token_id: count,
  model_name: text,
  quota: count,
  ...tokensUsed,
});
export type UpstreamLog = z.infer<typeof upstreamLogSchema>;

const logItemsSchema = z
  .array(upstreamLogSchema)
  .nullable()
  .transform((v) => v ?? []);

/** one-api: a plain array of config.ItemsPerPage (10) logs, newest first, no total. */
export const oneApiLogPageSchema = logItemsSchema;

/** new-api: common.PageInfo, up to 100 logs a page, newest first, with the filtered total. */
export const newApiLogPageSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  items: logItemsSchema,
});

/** The user an access token belongs to, as both gateways' /api/user/self name it. */
export const gatewayUserSchema = z.object({
  username: z.string(),
  display_name: z.string().optional(),
});
