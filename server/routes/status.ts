import type { OptionKey, StatusInfo } from '../../src/contract/status';
import { ok } from '../http/envelope';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import type { OptionPort } from '../store/ports/options';
import { SERVICE_VERSION } from '../version';

/** /api/status, open without the admin key: what the service is and how it shows quota. */
export function statusRoutes(store: OptionPort): App {
  return resourceApp().get('/', async (c) => {
    // Every known option is there: its stored value, else its default.
    const options = await store.getOptions();
    const value = (key: OptionKey) => options.find((option) => option.key === key)?.value;
    const status: StatusInfo = {
      version: SERVICE_VERSION,
      quota_per_unit: Number(value('QuotaPerUnit')),
      display_in_currency: value('DisplayInCurrencyEnabled') === 'true',
    };
    return c.json(ok(status));
  });
}
