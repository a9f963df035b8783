import { tokenRotateSchema } from '../../src/contract/verify';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { allow } from '../http/permission';
import { limitBody, readJsonBody } from '../http/json-body';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { parseIdParam } from '../http/validate';
import type { ClockPort } from '../store/ports/clock';
import type { TokenPort } from '../store/ports/tokens';
import type { UsagePort } from '../store/ports/usage';
import { usageRangeOf } from './usage';

export const noSuchToken = (id: number) => new ApiError(404, `no token has id ${id}`);

/** /api/token/:id: one token, its whole key, a new key, and its usage. */
export function tokenByIdRoutes(store: TokenPort & UsagePort & ClockPort): App {
  const token = resourceApp();

  token.get('/', allow('tokens.read'), async (c) => {
    const id = parseIdParam(c);
    const found = await store.get(id);
    if (!found) throw noSuchToken(id);
    return c.json(ok(found));
  });

  token.delete('/', allow('tokens.delete'), async (c) => {
    const id = parseIdParam(c);
    if (!(await store.remove(id, c.get('audit')))) throw noSuchToken(id);
    return c.json(ok({ id }));
  });

  // POST, not GET: revealing is an action, kept out of caches, prefetchers and browser history.
  token.post('/key', allow('tokens.reveal'), async (c) => {
    const id = parseIdParam(c);
    const key = await store.reveal(id, c.get('audit'));
    if (key === null) throw noSuchToken(id);
    return c.json(ok({ key }));
  });

  token.post('/rotate', allow('tokens.rotate'), limitBody, async (c) => {
    const id = parseIdParam(c);
    const { grace_seconds: grace } = await readJsonBody(c, tokenRotateSchema);
    const rotated = await store.rotate(id, grace, c.get('audit'));
    if (!rotated) throw noSuchToken(id);
    return c.json(ok(rotated));
  });

  token.get('/usage', allow('usage.read'), async (c) => {
    const id = parseIdParam(c);
    const figures = await store.usage(usageRangeOf(c, store), id);
    if (!figures) throw noSuchToken(id);
    return c.json(ok(figures));
  });

  return token;
}
