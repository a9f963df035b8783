import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/** A delivery's event sent again, with the same webhook-id, as a new delivery. */
export const resendDeliveryMutation = (webhooks: WebhooksAccess, id: number) =>
  mutationOptions({
    mutationFn: (deliveryId: number) => webhooks.resend(id, deliveryId),
    meta: { invalidates: [webhookKeys.all] },
  });

export function useResendDelivery(webhooks: WebhooksAccess, id: number) {
  return useMutation(resendDeliveryMutation(webhooks, id));
}
