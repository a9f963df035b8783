import { adminKeyCreateSchema } from '../../src/contract/admin-key';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { limitBody, readJsonBody } from '../http/json-body';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { parseIdParam } from '../http/validate';
import type { AdminKeyPort } from '../store/ports/admin-keys';

/** /api/admin-key: who the calling key is (every role), and the owner's list, create and revoke. */
export function adminKeyRoutes(store: AdminKeyPort): App {
  const keys = resourceApp();
  keys.get('/self', (c) => c.json(ok(c.get('audit').actor)));
  keys.get('/', allow('admin_keys.manage'), async (c) => c.json(ok(await store.adminKeys())));
  keys.post('/', allow('admin_keys.manage'), limitBody, async (c) => {
    const input = await readJsonBody(c, adminKeyCreateSchema);
    return c.json(ok(await store.createAdminKey(input, c.get('audit'))));
  });
  keys.delete('/:id', allow('admin_keys.manage'), async (c) => {
    const id = parseIdParam(c);
    if (!(await store.revokeAdminKey(id, c.get('audit')))) {
      throw new ApiError(404, `no admin key has id ${id}`);
    }
    return c.json(ok({ id }));
  });
  return keys;
}
