import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhooksAccess } from '../../../api/backend';
import { tokenKeys } from './keys';

/** A token's last events (what webhooks were told), newest first; every token write reads them again. */
export const tokenEventsQuery = (webhooks: WebhooksAccess, id: number) =>
  queryOptions({
    queryKey: tokenKeys.events(id),
    queryFn: () => webhooks.tokenEvents(id),
  });

export function useTokenEvents(webhooks: WebhooksAccess, id: number) {
  return useQuery(tokenEventsQuery(webhooks, id));
}
