import { z } from 'zod';
import {
  batchDeleteSchema,
  tokenCreateSchema,
  tokenListQuerySchema,
  tokenStatusUpdateSchema,
  tokenSummaryQuerySchema,
  tokenUpdateSchema,
} from '../../src/contract/token';
import { ApiError, ok, okJson } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { resource } from '../http/resource';
import type { App, AppContext } from '../http/types';
import { parseIdParam, parseQuery, parseWith, queryParser } from '../http/validate';
import type { TokenStore, UpdateRefusal } from '../store/token-store';

const statusOnlySchema = z
  .enum(['', 'true', 'false', '1', '0'], { error: 'status_only must be true or false' })
  .optional()
  .transform((value) => value === 'true' || value === '1');

const REFUSALS: Record<UpdateRefusal, string> = {
  expired: 'expired: change the expiry first',
  exhausted: 'exhausted: add quota or make it unlimited first',
};

const noSuchToken = (id: number) => new ApiError(404, `no token has id ${id}`);

export function registerTokenRoutes(app: App, store: TokenStore): void {
  const listQuery = queryParser(tokenListQuerySchema);
  const list = async (c: AppContext) => okJson(c, await store.listJson(listQuery(c)));

  resource(app, '/api/token', {
    GET: list,
    POST: async (c) => ok(c, await store.create(await readJsonBody(c, tokenCreateSchema))),
    PUT: async (c) => {
      const statusOnly = parseWith(statusOnlySchema, c.req.query('status_only'));
      const patch = await readJsonBody(c, statusOnly ? tokenStatusUpdateSchema : tokenUpdateSchema);
      const result = await store.update(patch);
      if (result.outcome === 'not_found') throw noSuchToken(patch.id);
      if (result.outcome === 'refused') throw new ApiError(400, REFUSALS[result.reason]);
      return ok(c, result.token);
    },
  });

  resource(app, '/api/token/search', { GET: list });

  resource(app, '/api/token/summary', {
    GET: async (c) => ok(c, await store.summary(parseQuery(c, tokenSummaryQuerySchema))),
  });

  resource(app, '/api/token/batch', {
    POST: async (c) => {
      const { ids } = await readJsonBody(c, batchDeleteSchema);
      return ok(c, await store.removeMany(ids));
    },
  });

  resource(app, '/api/token/:id', {
    GET: async (c) => {
      const id = parseIdParam(c);
      const token = await store.get(id);
      if (!token) throw noSuchToken(id);
      return ok(c, token);
    },
    DELETE: async (c) => {
      const id = parseIdParam(c);
      if (!(await store.remove(id))) throw noSuchToken(id);
      return ok(c, { id });
    },
  });

  // POST, not GET: revealing is an action, kept out of caches, prefetchers and browser history.
  resource(app, '/api/token/:id/key', {
    POST: async (c) => {
      const id = parseIdParam(c);
      const key = await store.reveal(id);
      if (key === null) throw noSuchToken(id);
      return ok(c, { key });
    },
  });
}
