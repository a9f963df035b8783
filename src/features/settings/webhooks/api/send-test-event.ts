import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/** A webhook.test event to one endpoint; its delivery shows in the log. */
export const sendTestEventMutation = (webhooks: WebhooksAccess) =>
  mutationOptions({
    mutationFn: (id: number) => webhooks.test(id),
    meta: { invalidates: [webhookKeys.all] },
  });

export function useSendTestEvent(webhooks: WebhooksAccess) {
  return useMutation(sendTestEventMutation(webhooks));
}
