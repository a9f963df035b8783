import {
  deliveryParamsSchema,
  deliveryQuerySchema,
  tokenEventsQuerySchema,
  webhookCreateSchema,
  webhookIdParamsSchema,
  webhookUpdateSchema,
} from '../../src/contract/webhook';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { limitBody, readJsonBody } from '../http/json-body';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App, AppContext } from '../http/types';
import { parseQuery, parseWith } from '../http/validate';
import type { WebhookPort } from '../store/ports/webhooks';
import { urlRefusal } from '../webhooks/url-safety';

export interface WebhookRouteOptions {
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback and private addresses may be added. */
  allowPrivate: boolean;
  /** Tells the deliverer a delivery was made by hand, so it goes now, not at the next poll. */
  wake?: () => void;
}

const noSuchWebhook = (id: number) => new ApiError(404, `no webhook endpoint has id ${id}`);

const endpointId = (c: AppContext) => parseWith(webhookIdParamsSchema, c.req.param()).id;

/** /api/webhook: the endpoints, their deliveries, and a token's events. Owners manage them. */
export function webhookRoutes(store: WebhookPort, options: WebhookRouteOptions): App {
  const hooks = resourceApp();
  const read = allow('webhooks.read');
  const manage = allow('webhooks.manage');
  const safeUrl = async (url: string | undefined) => {
    const refusal = url === undefined ? null : await urlRefusal(url, options.allowPrivate);
    if (refusal) throw new ApiError(400, refusal);
  };

  hooks.get('/', read, async (c) => c.json(ok({ items: await store.webhooks() })));

  hooks.post('/', manage, limitBody, async (c) => {
    const input = await readJsonBody(c, webhookCreateSchema);
    await safeUrl(input.url);
    return c.json(ok(await store.createWebhook(input, c.get('audit'))));
  });

  hooks.put('/', manage, limitBody, async (c) => {
    const patch = await readJsonBody(c, webhookUpdateSchema);
    await safeUrl(patch.url);
    const updated = await store.updateWebhook(patch, c.get('audit'));
    if (!updated) throw noSuchWebhook(patch.id);
    return c.json(ok(updated));
  });

  hooks.get('/events', read, async (c) => {
    const { token_id: tokenId } = parseQuery(c, tokenEventsQuerySchema);
    return c.json(ok({ items: await store.tokenEvents(tokenId) }));
  });

  hooks.delete('/:id', manage, async (c) => {
    const id = endpointId(c);
    if (!(await store.removeWebhook(id, c.get('audit')))) throw noSuchWebhook(id);
    return c.json(ok({ id }));
  });

  hooks.post('/:id/rotate', manage, async (c) => {
    const id = endpointId(c);
    const rotated = await store.rotateWebhookSecret(id, c.get('audit'));
    if (!rotated) throw noSuchWebhook(id);
    return c.json(ok(rotated));
  });

  hooks.post('/:id/test', manage, async (c) => {
    const id = endpointId(c);
    const delivery = await store.sendTestEvent(id, c.get('audit').actor);
    if (!delivery) throw noSuchWebhook(id);
    options.wake?.();
    return c.json(ok(delivery));
  });

  hooks.get('/:id/deliveries', read, async (c) => {
    const id = endpointId(c);
    const page = await store.deliveries(id, parseQuery(c, deliveryQuerySchema));
    if (!page) throw noSuchWebhook(id);
    return c.json(ok(page));
  });

  hooks.post('/:id/deliveries/:delivery_id/resend', manage, async (c) => {
    const { id, delivery_id: deliveryId } = parseWith(deliveryParamsSchema, c.req.param());
    const delivery = await store.resendDelivery(id, deliveryId);
    if (!delivery) throw new ApiError(404, `webhook endpoint ${id} has no delivery ${deliveryId}`);
    options.wake?.();
    return c.json(ok(delivery));
  });

  return hooks;
}
