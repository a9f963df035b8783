import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** How many requests the service has taken: background work yields while they keep coming. */
export class RequestCounter {
  count = 0;

  middleware(): MiddlewareHandler<AppEnv> {
    return (_c, next) => {
      this.count += 1;
      return next();
    };
  }
}
