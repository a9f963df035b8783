import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import type { WebhookCreateInput, WebhookUpdate } from '../../../../contract/webhook';
import { webhookKeys } from './webhook-keys';

/** Adds an endpoint (the answer holds its secret whole, this once) or changes one. */
export const saveWebhookMutation = (webhooks: WebhooksAccess) =>
  mutationOptions({
    mutationFn: (input: WebhookCreateInput | WebhookUpdate) =>
      'id' in input ? webhooks.update(input) : webhooks.create(input),
    meta: { invalidates: [webhookKeys.all] },
  });

export function useSaveWebhook(webhooks: WebhooksAccess) {
  return useMutation(saveWebhookMutation(webhooks));
}
