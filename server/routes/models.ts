import { modelCreateSchema, modelUpdateSchema, type Model } from '../../src/contract/model';
import { ok } from '../http/envelope';
import { ApiError } from '../http/failures';
import { limitBody, readJsonBody } from '../http/json-body';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { parseIdParam } from '../http/validate';
import type { ModelTester } from '../gateway/model-test';
import type { ModelPort, ModelWriteResult } from '../store/ports/models';

const nameTaken = (name: string | undefined) =>
  new ApiError(409, `another model is named "${name ?? ''}": choose another name`);

const noSuchModel = (id: number) => new ApiError(404, `no model has id ${id}`);

function saved(result: ModelWriteResult, id: number, name?: string): Model {
  if (result.outcome === 'name_taken') throw nameTaken(name);
  if (result.outcome === 'not_found') throw noSuchModel(id);
  return result.model;
}

/**
 * /api/model: the gateway's models; every role that reads tokens reads them, owners change and
 * test them. Only the tester opens a model's upstream key, to send it upstream.
 */
export function modelRoutes(store: Omit<ModelPort, 'gatewayModel'>, test: ModelTester): App {
  const models = resourceApp();
  models.get('/', allow('models.read'), async (c) => c.json(ok({ items: await store.models() })));
  models.post('/', allow('models.manage'), limitBody, async (c) => {
    const input = await readJsonBody(c, modelCreateSchema);
    return c.json(ok(saved(await store.createModel(input, c.get('audit')), 0, input.name)));
  });
  models.put('/', allow('models.manage'), limitBody, async (c) => {
    const patch = await readJsonBody(c, modelUpdateSchema);
    return c.json(ok(saved(await store.updateModel(patch, c.get('audit')), patch.id, patch.name)));
  });
  models.delete('/:id', allow('models.manage'), async (c) => {
    const id = parseIdParam(c);
    if (!(await store.removeModel(id, c.get('audit')))) throw noSuchModel(id);
    return c.json(ok({ id }));
  });
  models.post('/:id/test', allow('models.manage'), async (c) => {
    const id = parseIdParam(c);
    const result = await test(id, c.req.raw.signal);
    if (!result) throw noSuchModel(id);
    return c.json(ok(result));
  });
  return models;
}
