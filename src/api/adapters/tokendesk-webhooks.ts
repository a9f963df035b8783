import { z } from 'zod';
import type { WebhooksAccess } from '../backend';
import type { ApiClient } from '../client';

// Loaded with the first webhook call: the token list's first paint does without it.
const contract = () => import('../../contract/webhook');

/** The token service's webhook endpoints, their deliveries and each token's events. */
export function tokendeskWebhooks(client: ApiClient): WebhooksAccess {
  return {
    list: async () =>
      (
        await client.request('GET', '/api/webhook/', {
          schema: (await contract()).webhookListSchema,
        })
      ).items,
    create: async (input) =>
      client.request('POST', '/api/webhook/', {
        body: input,
        schema: (await contract()).webhookSchema,
      }),
    update: async (patch) =>
      client.request('PUT', '/api/webhook/', {
        body: patch,
        schema: (await contract()).webhookSchema,
      }),
    remove: async (id) => {
      await client.request('DELETE', `/api/webhook/${id}`, { schema: z.unknown() });
    },
    rotate: async (id) =>
      client.request('POST', `/api/webhook/${id}/rotate`, {
        schema: (await contract()).webhookSchema,
      }),
    test: async (id) =>
      client.request('POST', `/api/webhook/${id}/test`, {
        schema: (await contract()).deliverySchema,
      }),
    deliveries: async (id, before) =>
      client.request('GET', `/api/webhook/${id}/deliveries`, {
        query: { size: 20, before },
        schema: (await contract()).deliveryPageSchema,
      }),
    resend: async (id, deliveryId) =>
      client.request('POST', `/api/webhook/${id}/deliveries/${deliveryId}/resend`, {
        schema: (await contract()).deliverySchema,
      }),
    tokenEvents: async (tokenId) =>
      (
        await client.request('GET', '/api/webhook/events', {
          query: { token_id: tokenId },
          schema: (await contract()).eventListSchema,
        })
      ).items,
  };
}
