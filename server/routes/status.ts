import type { OptionKey, StatusInfo } from '../../src/contract/status';
import { fail, ok } from '../http/envelope';
import { resource } from '../http/resource';
import type { App } from '../http/types';
import { OPTION_DEFAULTS } from '../store/option-defaults';
import type { TokenStore } from '../store/token-store';
import { SERVICE_VERSION } from '../version';

/** The two routes that need no admin key: what the service is, and whether it can serve. */
export function registerStatusRoutes(app: App, store: TokenStore): void {
  resource(app, '/api/status', {
    GET: async (c) => {
      const options = new Map((await store.getOptions()).map((o) => [o.key, o.value]));
      const value = (key: OptionKey) => options.get(key) ?? OPTION_DEFAULTS[key];
      const status: StatusInfo = {
        version: SERVICE_VERSION,
        quota_per_unit: Number(value('QuotaPerUnit')),
        display_in_currency: value('DisplayInCurrencyEnabled') === 'true',
      };
      return ok(c, status);
    },
  });

  resource(app, '/healthz', {
    GET: async (c) => {
      try {
        await store.ping();
        return ok(c, { status: 'ok' });
      } catch (error) {
        console.error('Health check failed:', error);
        return fail(c, 503, 'the database does not answer');
      }
    },
  });
}
