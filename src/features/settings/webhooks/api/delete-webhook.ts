import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/** Deletes an endpoint and its delivery log: nothing more is sent to it. */
export const deleteWebhookMutation = (webhooks: WebhooksAccess) =>
  mutationOptions({
    mutationFn: (id: number) => webhooks.remove(id),
    meta: { invalidates: [webhookKeys.all] },
  });

export function useDeleteWebhook(webhooks: WebhooksAccess) {
  return useMutation(deleteWebhookMutation(webhooks));
}
