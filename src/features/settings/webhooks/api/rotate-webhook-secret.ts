import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/** A new signing secret, whole in the answer this once. */
export const rotateWebhookSecretMutation = (webhooks: WebhooksAccess) =>
  mutationOptions({
    mutationFn: (id: number) => webhooks.rotate(id),
    meta: { invalidates: [webhookKeys.all] },
  });

export function useRotateWebhookSecret(webhooks: WebhooksAccess) {
  return useMutation(rotateWebhookSecretMutation(webhooks));
}
