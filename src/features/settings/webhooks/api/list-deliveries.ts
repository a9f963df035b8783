import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../../api/backend';
import { webhookKeys } from './webhook-keys';

/**
 * An endpoint's deliveries, newest first, a page at a time; polled while shown, as attempts
 * happen in the background.
 */
export const deliveriesQuery = (webhooks: WebhooksAccess, id: number) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam }) => webhooks.deliveries(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: 3_000,
  });

export function useDeliveries(webhooks: WebhooksAccess, id: number) {
  return useInfiniteQuery(deliveriesQuery(webhooks, id));
}
