import {
  batchDeleteSchema,
  tokenCreateSchema,
  tokenListQuerySchema,
  tokenStatusUpdateSchema,
  tokenSummaryQuerySchema,
  tokenUpdateQuerySchema,
  tokenUpdateSchema,
} from '../../src/contract/token';
import { refusalMessage } from '../../src/contract/admin-key';
import { usageReportSchema } from '../../src/contract/usage';
import { tokenVerifySchema } from '../../src/contract/verify';
import { ok } from '../http/envelope';
import { completeJson, listAnswer, queryParser } from '../http/fast-paths';
import { ApiError } from '../http/failures';
import { allow } from '../http/permission';
import { limitBody, readJsonBody } from '../http/json-body';
import { resourceApp } from '../http/resource';
import type { App, AppContext } from '../http/types';
import { parseQuery } from '../http/validate';
import type { GatewayCalls } from '../store/ports/gateway-calls';
import type { TokenPort, UpdateRefusal } from '../store/ports/tokens';
import { noSuchToken } from './token-by-id';

const REFUSALS: Record<UpdateRefusal, string> = {
  expired: 'expired: change the expiry first',
  exhausted: 'exhausted: add quota or make it unlimited first',
};

/** /api/token: the list, search, summary, creating and updating, deleting many; verify and usage reports. */
export function tokenRoutes(store: TokenPort & GatewayCalls): App {
  const tokens = resourceApp();
  const listQuery = queryParser(tokenListQuerySchema);
  const list = async (c: AppContext) => listAnswer(await store.listJson(listQuery(c)));

  tokens.get('/', allow('tokens.read'), list);
  tokens.post('/', allow('tokens.create'), limitBody, async (c) =>
    c.json(ok(await store.create(await readJsonBody(c, tokenCreateSchema), c.get('audit')))),
  );
  tokens.put('/', allow('tokens.update'), limitBody, async (c) => {
    const { status_only: statusOnly } = parseQuery(c, tokenUpdateQuerySchema);
    const patch = await readJsonBody(c, statusOnly ? tokenStatusUpdateSchema : tokenUpdateSchema);
    const audit = c.get('audit');
    const result = await store.update(patch, audit);
    if (result.outcome === 'not_found') throw noSuchToken(patch.id);
    if (result.outcome === 'refused') throw new ApiError(400, REFUSALS[result.reason]);
    if (result.outcome === 'forbidden') {
      throw new ApiError(403, refusalMessage(audit.actor.role, 'tokens.update_access'));
    }
    return c.json(ok(result.token));
  });

  tokens.get('/search', allow('tokens.read'), list);

  tokens.get('/summary', allow('tokens.read'), async (c) =>
    c.json(ok(await store.summary(parseQuery(c, tokenSummaryQuerySchema)))),
  );

  tokens.post('/batch', allow('tokens.delete'), limitBody, async (c) => {
    const { ids } = await readJsonBody(c, batchDeleteSchema);
    return c.json(ok(await store.removeMany(ids, c.get('audit'))));
  });

  tokens.post('/verify', allow('gateway.call'), limitBody, async (c) => {
    // What the store adds for the built-in gateway is not part of the answer.
    const {
      held: _held,
      max_output_tokens: _cap,
      now: _now,
      ...answer
    } = await store.verify(await readJsonBody(c, tokenVerifySchema));
    return completeJson(answer);
  });

  tokens.post('/usage', allow('gateway.call'), limitBody, async (c) => {
    const report = await readJsonBody(c, usageReportSchema);
    const outcome = await store.report(report);
    if (!outcome) {
      throw report.token_id !== undefined
        ? noSuchToken(report.token_id)
        : new ApiError(404, 'no token has this key');
    }
    return c.json(ok(outcome));
  });

  // These names are not ids: with another method, they get 405, not an answer of token-by-id.ts.
  tokens.all('/:name{(?:search|summary|batch|verify|usage)}', (c) => c.notFound());
  return tokens;
}
