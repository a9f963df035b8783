import { z } from 'zod';
import { adminIdentitySchema } from './admin-key';
import { httpAddress } from './http-address';
import { digitsToNumber, queryInt } from './query-text';
import { idSchema, tokenSchema } from './token';

/** What the service tells receivers about, each once per what the docs name it after. */
export const TOKEN_EVENT_TYPES = [
  'token.created',
  'token.updated',
  'token.deleted',
  'token.rotated',
  'token.revealed',
  'token.quota_low',
  'token.exhausted',
  'token.expiring',
  'token.expired',
  'token.refilled',
] as const;
export const WEBHOOK_EVENT_TYPES = [...TOKEN_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** An endpoint subscribes to types, or to every one with "*"; a test event goes to the one asked. */
export type WebhookSubscription = (typeof TOKEN_EVENT_TYPES)[number] | '*';

export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The part of a receiver's answer kept with each attempt. */
export const ANSWER_KEPT_BYTES = 2048;
/**
 * After a rotation the replaced secret signs each attempt too, this long, so a receiver still
 * holding it accepts them until its owner has put the new one in.
 */
export const WEBHOOK_SECRET_GRACE_SECONDS = 86_400;

const CONTROL_CHARACTER = /\p{Cc}/u;

/** http or https, without user, password or fragment: a receiver's address. */
export function isWebhookUrl(value: string): boolean {
  return httpAddress(value)?.hash === '';
}

const URL_RULE = 'url must be an http or https address without user, password or #fragment';

export const webhookUrlSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? `url is required: the receiver's http or https address, e.g. https://hooks.example.com/tokendesk`
        : 'url must be a string',
  })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: `url must be at most ${WEBHOOK_URL_MAX} characters` })
  .refine(isWebhookUrl, { error: URL_RULE })
  .meta({ description: 'Where events are POSTed: http or https.' });

const SUBSCRIPTIONS = ['*', ...TOKEN_EVENT_TYPES] as const;
const EVENTS_RULE = `events must be a list of event types (${TOKEN_EVENT_TYPES.join(', ')}) or ["*"] for all`;

export const webhookEventsSchema = z
  .array(z.enum(SUBSCRIPTIONS, { error: EVENTS_RULE }), { error: EVENTS_RULE })
  .min(1, { error: EVENTS_RULE })
  .max(SUBSCRIPTIONS.length, { error: EVENTS_RULE })
  // "*" covers the rest; each type once, in the contract's order.
  .transform((events): WebhookSubscription[] =>
    events.includes('*') ? ['*'] : TOKEN_EVENT_TYPES.filter((type) => events.includes(type)),
  )
  .meta({ description: 'The event types sent to this endpoint; ["*"] for every one.' });

const descriptionSchema = z
  .string({ error: 'description must be a string' })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, {
    error: `description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    error: 'description must not contain control characters',
  });

const formatSchema = z
  .enum(WEBHOOK_FORMATS, { error: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` })
  .meta({
    description:
      'standard: the event as JSON, signed (Standard Webhooks); slack: {"text": …}, a sentence for a Slack-compatible incoming webhook, unsigned.',
  });

const enabledSchema = z.boolean({ error: 'enabled must be true or false' });

export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema.default(['*']),
  description: descriptionSchema.default(''),
  format: formatSchema.default('standard'),
  enabled: enabledSchema.default(true),
});
export type WebhookCreate = z.output<typeof webhookCreateSchema>;
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  id: idSchema,
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  description: descriptionSchema.optional(),
  format: formatSchema.optional(),
  enabled: enabledSchema.optional(),
});
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

export const webhookHealthSchema = z
  .object({
    last_attempt_time: z.number().int().meta({ description: 'Unix seconds; 0 when never tried.' }),
    last_status_code: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The last attempt's HTTP status; null without an answer." }),
    last_error: z
      .string()
      .nullable()
      .meta({ description: 'Why the last attempt failed without an answer (a timeout, …).' }),
    failures_in_row: z
      .number()
      .int()
      .meta({ description: 'Failed attempts since the last success.' }),
    failing_since: z
      .number()
      .int()
      .meta({ description: 'Unix seconds of the first of those failures; 0 when none.' }),
    switched_off_time: z.number().int().meta({
      description:
        'Unix seconds when the service switched the endpoint off after 3 days of failures; 0 otherwise.',
    }),
  })
  .meta({ id: 'WebhookHealth' });
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

export const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(SUBSCRIPTIONS)),
    description: z.string(),
    format: z.enum(WEBHOOK_FORMATS),
    enabled: z.boolean(),
    secret: z.string().meta({
      description:
        'The signing secret (whsec_…): whole only in the answers of create and rotate, masked elsewhere.',
    }),
    previous_secret_valid_until: z
      .number()
      .int()
      .nullable()
      .meta({
        description: `Unix seconds until which the secret replaced by the last rotation still signs every attempt too (${WEBHOOK_SECRET_GRACE_SECONDS / 3600} hours after it); null when none does. That secret is never answered.`,
      }),
    created_time: z.number().int(),
    updated_time: z.number().int(),
    health: webhookHealthSchema,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

/** What a receiver gets (format standard): the body that is signed. */
export const webhookEventSchema = z
  .object({
    id: z.string().meta({ description: 'evt_…: the same on every attempt; also webhook-id.' }),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    created_at: z.number().int().meta({ description: 'Unix seconds.' }),
    data: z.object({
      token: tokenSchema.optional().meta({ description: 'The token, key masked.' }),
      previous: tokenSchema.optional().meta({ description: 'For token.updated: as it was.' }),
      actor: adminIdentitySchema
        .optional()
        .meta({ description: 'For changes and test events: the admin key that made it.' }),
    }),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** An event as a list names it. */
export const eventSummarySchema = z
  .object({
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    created_at: z.number().int(),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliveryAttemptSchema = z
  .object({
    time: z.number().int().meta({ description: 'Unix seconds.' }),
    status_code: z.number().int().nullable().meta({ description: 'null: no answer came.' }),
    error: z.string().nullable().meta({ description: 'Why it failed without an answer.' }),
    duration_ms: z.number().int(),
    answer: z.string().meta({ description: `The answer's first ${ANSWER_KEPT_BYTES} bytes.` }),
  })
  .meta({ id: 'DeliveryAttempt' });
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const deliverySchema = z
  .object({
    id: z.number().int(),
    event: eventSummarySchema,
    state: z.enum(DELIVERY_STATES).meta({
      description:
        'pending: to be tried (again); delivered: a 2xx came; failed: retried for 3 days.',
    }),
    created_time: z.number().int(),
    next_attempt_time: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'When it is tried next; null unless pending.' }),
    attempts: z.array(deliveryAttemptSchema).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const DELIVERY_PAGE_MAX = 50;

export const deliveryQuerySchema = z.object({
  size: queryInt('size', 1, DELIVERY_PAGE_MAX, 20).meta({ description: 'Deliveries a page.' }),
  before: z
    .preprocess(
      digitsToNumber,
      z
        .number({ error: 'before must be a delivery id' })
        .int({ error: 'before must be a delivery id' })
        .positive({ error: 'before must be a delivery id' })
        .optional(),
    )
    .meta({ description: 'Only deliveries older than this id: the next page.' }),
});
export type DeliveryQuery = z.output<typeof deliveryQuerySchema>;

export const deliveryPageSchema = z
  .object({
    items: z.array(deliverySchema).meta({ description: 'Newest first.' }),
    next_before: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Pass as before for the next page; null on the last.' }),
  })
  .meta({ id: 'DeliveryPage' });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

export const webhookIdParamsSchema = z.object({
  id: z.preprocess(digitsToNumber, idSchema).meta({ param: { required: true } }),
});
export const deliveryParamsSchema = webhookIdParamsSchema.extend({
  delivery_id: z.preprocess(digitsToNumber, idSchema).meta({ param: { required: true } }),
});

export const TOKEN_EVENTS_MAX = 20;

export const tokenEventsQuerySchema = z.object({
  token_id: z
    .preprocess(
      digitsToNumber,
      z
        .number({ error: 'token_id is required: the id of a token' })
        .int({ error: 'token_id must be the id of a token' })
        .positive({ error: 'token_id must be the id of a token' }),
    )
    .meta({ description: 'The token whose last 20 events are listed, newest first.' }),
});

export const eventListSchema = z.object({ items: z.array(eventSummarySchema) });
