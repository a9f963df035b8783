import { tokenRotateSchema } from '../../src/contract/verify';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { limitBody, readJsonBody } from '../http/json-body';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { parseIdParam } from '../http/validate';
import type { TokenStore } from '../store/token-store';
import { usageRangeOf } from './usage';

export const noSuchToken = (id: number) => new ApiError(404, `no token has id ${id}`);

/** /api/token/:id: one token, its whole key, a new key, and its usage. */
export function tokenByIdRoutes(store: TokenStore): App {
  const token = resourceApp();

  token.get('/', async (c) => {
    const id = parseIdParam(c);
    const found = await store.get(id);
    if (!found) throw noSuchToken(id);
    return c.json(ok(found));
  });

  token.delete('/', async (c) => {
    const id = parseIdParam(c);
    if (!(await store.remove(id))) throw noSuchToken(id);
    return c.json(ok({ id }));
  });

  // POST, not GET: revealing is an action, kept out of caches, prefetchers and browser history.
  token.post('/key', async (c) => {
    const id = parseIdParam(c);
    const key = await store.reveal(id);
    if (key === null) throw noSuchToken(id);
    return c.json(ok({ key }));
  });

  token.post('/rotate', limitBody, async (c) => {
    const id = parseIdParam(c);
    const { grace_seconds: grace } = await readJsonBody(c, tokenRotateSchema);
    const rotated = await store.rotate(id, grace);
    if (!rotated) throw noSuchToken(id);
    return c.json(ok(rotated));
  });

  token.get('/usage', async (c) => {
    const id = parseIdParam(c);
    const figures = await store.usage(usageRangeOf(c, store), id);
    if (!figures) throw noSuchToken(id);
    return c.json(ok(figures));
  });

  return token;
}
