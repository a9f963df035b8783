import type { OptionKey, StatusInfo } from '../../src/contract/status';
import { ok } from '../http/envelope';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { OPTION_DEFAULTS } from '../store/option-defaults';
import type { TokenStore } from '../store/token-store';
import { SERVICE_VERSION } from '../version';

/** /api/status, open without the admin key: what the service is and how it shows quota. */
export function statusRoutes(store: TokenStore): App {
  return resourceApp().get('/', async (c) => {
    const options = new Map((await store.getOptions()).map((o) => [o.key, o.value]));
    const value = (key: OptionKey) => options.get(key) ?? OPTION_DEFAULTS[key];
    const status: StatusInfo = {
      version: SERVICE_VERSION,
      quota_per_unit: Number(value('QuotaPerUnit')),
      display_in_currency: value('DisplayInCurrencyEnabled') === 'true',
    };
    return c.json(ok(status));
  });
}
