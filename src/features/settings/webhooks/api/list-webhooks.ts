import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/** Every endpoint with its health, polled while shown: deliveries change it in the background. */
export const webhooksQuery = (webhooks: WebhooksAccess) =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: () => webhooks.list(),
    refetchInterval: 10_000,
  });

export function useWebhooks(webhooks: WebhooksAccess) {
  return useQuery(webhooksQuery(webhooks));
}
