import { z } from 'zod';
import {
  deliveryPageSchema,
  deliverySchema,
  eventListSchema,
  webhookListSchema,
  webhookSchema,
} from '../../contract/webhook';
import type { WebhooksAccess } from '../backend';
import type { ApiClient } from '../client';

/** The token service's webhook endpoints, their deliveries and each token's events. */
export function tokendeskWebhooks(client: ApiClient): WebhooksAccess {
  return {
    list: async () =>
      (await client.request('GET', '/api/webhook/', { schema: webhookListSchema })).items,
    create: (input) =>
      client.request('POST', '/api/webhook/', { body: input, schema: webhookSchema }),
    update: (patch) =>
      client.request('PUT', '/api/webhook/', { body: patch, schema: webhookSchema }),
    remove: async (id) => {
      await client.request('DELETE', `/api/webhook/${id}`, { schema: z.unknown() });
    },
    rotate: (id) => client.request('POST', `/api/webhook/${id}/rotate`, { schema: webhookSchema }),
    test: (id) => client.request('POST', `/api/webhook/${id}/test`, { schema: deliverySchema }),
    deliveries: (id, before) =>
      client.request('GET', `/api/webhook/${id}/deliveries`, {
        query: { size: 20, before },
        schema: deliveryPageSchema,
      }),
    resend: (id, deliveryId) =>
      client.request('POST', `/api/webhook/${id}/deliveries/${deliveryId}/resend`, {
        schema: deliverySchema,
      }),
    tokenEvents: async (tokenId) =>
      (
        await client.request('GET', '/api/webhook/events', {
          query: { token_id: tokenId },
          schema: eventListSchema,
        })
      ).items,
  };
}
