import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  TOKEN_EVENT_TYPES,
  WEBHOOK_FORMATS,
  webhookCreateSchema,
  webhookUrlSchema,
  type Webhook,
  type WebhookCreate,
} from '../../../contract/webhook';
import { issueErrorMap, type IssueMessages } from '../../../lib/i18n/form-issues';
import type { Translate } from '../../../lib/i18n/translate';

/**
 * A field checked by the contract's own rule, its problem told as one issue of the form's (the
 * contract's English would win over the reader's language otherwise).
 */
const checkedBy = <T>(rule: z.ZodType<T, string | undefined>) =>
  z.string().transform((text, ctx) => {
    const checked = rule.safeParse(text);
    if (checked.success) return checked.data;
    ctx.addIssue({ code: 'custom', params: { reason: 'invalid' } });
    return z.NEVER;
  });

/** The form: every event, or the types ticked. */
const webhookFormSchema = z
  .object({
    url: checkedBy(webhookUrlSchema),
    description: checkedBy(webhookCreateSchema.shape.description),
    format: z.enum(WEBHOOK_FORMATS),
    enabled: z.boolean(),
    all: z.boolean(),
    events: z.array(z.enum(TOKEN_EVENT_TYPES)),
  })
  // Told with the other fields' problems, not only once they are right.
  .refine((values) => values.all || values.events.length > 0, {
    path: ['events'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .transform(({ all, events, ...rest }): WebhookCreate => ({
    ...rest,
    events: all ? ['*'] : TOKEN_EVENT_TYPES.filter((type) => events.includes(type)),
  }));
export type WebhookFormValues = z.input<typeof webhookFormSchema>;

const MESSAGES: IssueMessages<keyof WebhookFormValues> = {
  url: 'webhooks.urlInvalid',
  description: 'webhooks.descriptionInvalid',
  events: 'webhooks.eventsNone',
};

/** Checks the form, telling each problem in the reader's language. */
export const webhookFormResolver = (t: Translate) =>
  zodResolver(webhookFormSchema, { error: issueErrorMap(MESSAGES, t) });

/** The form as an endpoint fills it, or as a new one starts: every event, signed. */
export function webhookFormValues(webhook?: Webhook): WebhookFormValues {
  if (!webhook) {
    return { url: '', description: '', format: 'standard', enabled: true, all: true, events: [] };
  }
  const all = webhook.events.includes('*');
  return {
    url: webhook.url,
    description: webhook.description,
    format: webhook.format,
    enabled: webhook.enabled,
    all,
    events: all ? [] : webhook.events.filter((type) => type !== '*'),
  };
}
