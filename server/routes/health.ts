import { ok, failure } from '../http/envelope';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import type { LifecyclePort } from '../store/ports/lifecycle';

/** /healthz, open without the admin key: whether the service can serve. */
export function healthRoutes(store: LifecyclePort): App {
  return resourceApp().get('/', async (c) => {
    try {
      await store.ping();
      return c.json(ok({ status: 'ok' }));
    } catch (error) {
      console.error('Health check failed:', error);
      return c.json(failure('the database does not answer'), 503);
    }
  });
}
