import { usageQuerySchema, usageRange, type UsageRange } from '../../src/contract/usage';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App, AppContext } from '../http/types';
import { parseQuery } from '../http/validate';
import type { ClockPort } from '../store/ports/clock';
import type { UsagePort } from '../store/ports/usage';

/** The range a usage route's query asks for, at the store's now; a 400 naming what is wrong. */
export function usageRangeOf(c: AppContext, clock: ClockPort): UsageRange {
  const range = usageRange(parseQuery(c, usageQuerySchema), clock.now());
  if (typeof range === 'string') throw new ApiError(400, range);
  return range;
}

/** /api/usage: the whole gateway's figures. */
export function usageRoutes(store: UsagePort & ClockPort): App {
  const usage = resourceApp();
  usage.get('/', allow('usage.read'), async (c) =>
    c.json(ok(await store.usage(usageRangeOf(c, store)))),
  );
  return usage;
}
