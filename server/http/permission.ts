import type { MiddlewareHandler } from 'hono';
import { may, refusalMessage, type Permission } from '../../src/contract/admin-key';
import { ApiError } from './failures';
import type { AppEnv } from './types';

/**
 * Lets the request on only when the admin key's role allows `permission`; otherwise a 403 that
 * names the role and what it may do. Placed before a route reads its body or touches data.
 * A 403 is not a wrong key: the failed-attempt limit does not count it.
 */
export function allow(permission: Permission): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const { role } = c.get('audit').actor;
    if (!may(role, permission)) throw new ApiError(403, refusalMessage(role, permission));
    return next();
  };
}
