import { z } from 'zod';
import {
  modelCreateSchema,
  modelListSchema,
  modelSchema,
  modelTestSchema,
  modelUpdateSchema,
} from './model';
import { GUARDED, WRITE, type Operation } from './operation';
import { idSchema, tokenIdParamsSchema } from './token';

/** The gateway's models: what /v1 forwards to, at what price. */
export const MODEL_OPERATIONS: readonly Operation[] = [
  {
    id: 'listModels',
    method: 'GET',
    path: '/api/model/',
    resource: 'models',
    summary: 'List models',
    description:
      'Every model the gateway can forward to, ordered by name: its upstream, its prices in USD per 1M tokens and its defaults. Upstream keys only masked.',
    auth: true,
    permission: 'models.read',
    answer: { kind: 'envelope', data: modelListSchema },
    failures: GUARDED,
    examples: [{ title: 'the models' }],
    shared: false,
  },
  {
    id: 'createModel',
    method: 'POST',
    path: '/api/model/',
    resource: 'models',
    summary: 'Create a model',
    description:
      'A model clients may name in /v1: the upstream it is forwarded to (an OpenAI-compatible base address and its key, sealed at rest), and its prices. 409 when another model has the name.',
    auth: true,
    permission: 'models.manage',
    body: modelCreateSchema,
    answer: { kind: 'envelope', data: modelSchema },
    failures: [409, ...WRITE],
    examples: [
      {
        title: 'a model',
        body: {
          name: 'gpt-4o-mini',
          upstream_url: 'https://api.openai.com/v1',
          upstream_key: 'sk-THE_UPSTREAM_KEY',
          input_price: 0.15,
          output_price: 0.6,
        },
      },
    ],
    shared: false,
  },
  {
    id: 'updateModel',
    method: 'PUT',
    path: '/api/model/',
    resource: 'models',
    summary: 'Change a model',
    description:
      'Fields left out keep their values; an upstream_key of "" removes the key. Every instance uses the change from its next request.',
    auth: true,
    permission: 'models.manage',
    body: modelUpdateSchema,
    answer: { kind: 'envelope', data: modelSchema },
    failures: [404, 409, ...WRITE],
    examples: [{ title: 'switch a model off', body: { id: 1, enabled: false } }],
    shared: false,
  },
  {
    id: 'deleteModel',
    method: 'DELETE',
    path: '/api/model/{id}',
    resource: 'models',
    summary: 'Delete a model',
    description: 'Clients naming it get 404 model_not_found from the next request on.',
    auth: true,
    permission: 'models.manage',
    params: tokenIdParamsSchema,
    answer: { kind: 'envelope', data: z.object({ id: idSchema }) },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'delete a model', path: { id: '1' } }],
    shared: false,
  },
  {
    id: 'testModel',
    method: 'POST',
    path: '/api/model/{id}/test',
    resource: 'models',
    summary: 'Test a model',
    description:
      'Sends one tiny chat completion ("Say OK.", at most 5 tokens) to the model\'s upstream with its key, switched on or not, and says how it went: the upstream\'s status, the time, the tokens its usage counts, and its answer or what went wrong. No token is charged. Gives up after 20 seconds.',
    auth: true,
    permission: 'models.manage',
    params: tokenIdParamsSchema,
    answer: { kind: 'envelope', data: modelTestSchema },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'test a model', path: { id: '1' } }],
    shared: false,
  },
];
