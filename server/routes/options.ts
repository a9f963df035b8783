import { optionUpdateSchema } from '../../src/contract/status';
import { ok } from '../http/envelope';
import { limitBody, readJsonBody } from '../http/json-body';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import type { OptionPort } from '../store/ports/options';

/** /api/option: the settings the dashboard shows and changes. */
export function optionRoutes(store: OptionPort): App {
  const options = resourceApp();
  options.get('/', allow('options.read'), async (c) => c.json(ok(await store.getOptions())));
  options.put('/', allow('options.update'), limitBody, async (c) => {
    const { key, value } = await readJsonBody(c, optionUpdateSchema);
    // Options travel and are kept as strings: 500000, true, false.
    return c.json(ok(await store.setOption(key, String(value), c.get('audit'))));
  });
  return options;
}
