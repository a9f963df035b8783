import { optionUpdateSchema } from '../../src/contract/status';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { resource } from '../http/resource';
import type { App } from '../http/types';
import type { TokenStore } from '../store/token-store';

export function registerOptionRoutes(app: App, store: TokenStore): void {
  resource(app, '/api/option', {
    GET: async (c) => ok(c, await store.getOptions()),
    PUT: async (c) => {
      const { key, value } = await readJsonBody(c, optionUpdateSchema);
      // Options travel and are kept as strings: 500000, true, false.
      return ok(c, await store.setOption(key, String(value)));
    },
  });
}
