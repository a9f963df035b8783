import { z } from 'zod';
import type { Operation } from './operation';
import { optionSchema, optionUpdateSchema, statusInfoSchema } from './status';
import {
  batchDeleteSchema,
  idSchema,
  tokenCreateSchema,
  tokenIdParamsSchema,
  tokenListQuerySchema,
  tokenPageSchema,
  tokenSchema,
  tokenSummaryQuerySchema,
  tokenSummarySchema,
  tokenUpdateQuerySchema,
  tokenUpdateSchema,
} from './token';
import {
  usageFiguresSchema,
  usageQuerySchema,
  usageReportResultSchema,
  usageReportSchema,
} from './usage';
import { tokenVerifySchema, verifyResultSchema } from './verify';

/**
 * Every operation of the service, once: the route tests hold the app to it, the service makes
 * its OpenAPI document and reference page from it, and the dashboard's API explorer builds its
 * forms from it and validates with the same schemas.
 */

/** Failures of every route behind the admin key. */
const GUARDED = [401, 429, 500] as const;
/** Failures of every write with a JSON body. */
const WRITE = [400, 413, 415, ...GUARDED] as const;

export const deletedIdSchema = z.object({ id: idSchema });
export const revealedKeySchema = z.object({
  key: z.string().meta({ description: 'The whole key, without the sk- prefix.' }),
});
export const healthSchema = z.object({ status: z.literal('ok') });

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'listTokens',
    method: 'GET',
    path: '/api/token/',
    resource: 'tokens',
    summary: 'List tokens',
    description:
      'One page of tokens, filtered and ordered by the server. Keys are masked. `total` counts every match.',
    auth: true,
    query: tokenListQuerySchema,
    answer: { kind: 'envelope', data: tokenPageSchema },
    failures: [400, ...GUARDED],
    examples: [
      {
        title: 'list, most quota left first',
        query: { p: '1', size: '20', order: '-remain_quota' },
      },
    ],
    shared: true,
  },
  {
    id: 'searchTokens',
    method: 'GET',
    path: '/api/token/search',
    resource: 'tokens',
    summary: 'Search tokens',
    description: 'The same as listing: kept for clients written against one-api and new-api.',
    auth: true,
    query: tokenListQuerySchema,
    answer: { kind: 'envelope', data: tokenPageSchema },
    failures: [400, ...GUARDED],
    examples: [{ title: 'search by name', query: { keyword: 'prod' } }],
    shared: false,
  },
  {
    id: 'summarizeTokens',
    method: 'GET',
    path: '/api/token/summary',
    resource: 'tokens',
    summary: 'Count tokens by status',
    description:
      'Counts per status and the quota left on limited tokens, over the tokens a list with the same `keyword` and `token` would show.',
    auth: true,
    query: tokenSummaryQuerySchema,
    answer: { kind: 'envelope', data: tokenSummarySchema },
    failures: [400, ...GUARDED],
    examples: [{ title: 'counts per status' }],
    shared: false,
  },
  {
    id: 'getToken',
    method: 'GET',
    path: '/api/token/{id}',
    resource: 'tokens',
    summary: 'Get one token',
    description: 'One token, its key masked.',
    auth: true,
    params: tokenIdParamsSchema,
    answer: { kind: 'envelope', data: tokenSchema },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'one token', path: { id: '1' } }],
    shared: false,
  },
  {
    id: 'createToken',
    method: 'POST',
    path: '/api/token/',
    resource: 'tokens',
    summary: 'Create a token',
    description:
      'The new token, with its whole key: the one answer besides a reveal that holds it. Left-out fields take their defaults; unknown fields are ignored.',
    auth: true,
    body: tokenCreateSchema,
    answer: { kind: 'envelope', data: tokenSchema },
    failures: WRITE,
    examples: [
      {
        title: 'create',
        body: {
          name: 'Production backend',
          remain_quota: 1000000,
          expired_time: -1,
          unlimited_quota: false,
        },
      },
    ],
    shared: true,
  },
  {
    id: 'updateToken',
    method: 'PUT',
    path: '/api/token/',
    resource: 'tokens',
    summary: 'Update a token',
    description:
      'Fields left out keep their values. Switching on a token that is past its expiry, or limited with no quota left, is refused until that is changed. With `status_only=true`, only `id` and `status` are read.',
    auth: true,
    query: tokenUpdateQuerySchema,
    body: tokenUpdateSchema,
    answer: { kind: 'envelope', data: tokenSchema },
    failures: [400, 404, 413, 415, ...GUARDED],
    examples: [
      { title: 'update', body: { id: 1, name: 'Renamed', remain_quota: 2000000 } },
      { title: 'disable', query: { status_only: 'true' }, body: { id: 1, status: 2 } },
    ],
    shared: true,
  },
  {
    id: 'deleteToken',
    method: 'DELETE',
    path: '/api/token/{id}',
    resource: 'tokens',
    summary: 'Delete a token',
    description: 'The id of the deleted token. Ids are never reused.',
    auth: true,
    params: tokenIdParamsSchema,
    answer: { kind: 'envelope', data: deletedIdSchema },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'delete one', path: { id: '1' } }],
    shared: true,
  },
  {
    id: 'deleteTokens',
    method: 'POST',
    path: '/api/token/batch',
    resource: 'tokens',
    summary: 'Delete several tokens',
    description: 'Deletes 1 to 100 tokens at once; answers how many existed and were deleted.',
    auth: true,
    body: batchDeleteSchema,
    answer: {
      kind: 'envelope',
      data: z.number().int().meta({ description: 'How many tokens were deleted.' }),
    },
    failures: WRITE,
    examples: [{ title: 'delete two at once', body: { ids: [2, 3] } }],
    shared: false,
  },
  {
    id: 'revealTokenKey',
    method: 'POST',
    path: '/api/token/{id}/key',
    resource: 'tokens',
    summary: 'Reveal a key',
    description:
      'The whole key of one token. A POST, so that it stays out of caches, prefetching and browser history.',
    auth: true,
    params: tokenIdParamsSchema,
    answer: { kind: 'envelope', data: revealedKeySchema },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'reveal a key', path: { id: '4' } }],
    shared: false,
  },
  {
    id: 'verifyToken',
    method: 'POST',
    path: '/api/token/verify',
    resource: 'tokens',
    summary: 'Verify a key',
    description:
      "A gateway's call for each request it serves: may this key pass, and if so, charge `cost` units, all or nothing. Always 200 for a well-formed call; `code` says why a key may not pass, the first of the checks in the order listed that fails.",
    auth: true,
    body: tokenVerifySchema,
    answer: { kind: 'envelope', data: verifyResultSchema },
    failures: WRITE,
    examples: [
      {
        title: 'verify and charge',
        body: { key: 'sk-THE_TOKEN_KEY', model: 'gpt-4o-mini', ip: '203.0.113.7', cost: 1200 },
      },
    ],
    shared: false,
  },
  {
    id: 'reportUsage',
    method: 'POST',
    path: '/api/token/usage',
    resource: 'tokens',
    summary: 'Report usage',
    description:
      'Settles what a request really cost once it is known: adds `quota` to `used_quota` and takes it from `remain_quota`, which stops at 0, also on disabled and expired tokens. The same `request_id` for the same token within 24 hours is counted once (`duplicate: true`).',
    auth: true,
    body: usageReportSchema,
    answer: { kind: 'envelope', data: usageReportResultSchema },
    failures: [400, 404, 413, 415, ...GUARDED],
    examples: [
      {
        title: 'report what a request cost',
        body: { token_id: 1, quota: 1830, model: 'gpt-4o-mini', request_id: 'req-7f3a' },
      },
    ],
    shared: false,
  },
  {
    id: 'getTokenUsage',
    method: 'GET',
    path: '/api/token/{id}/usage',
    resource: 'tokens',
    summary: "A token's usage",
    description:
      'Requests, quota charged and denied verifies of one token per hour or day, every bucket of the range (UTC), by model, and totals. Default: the last 7 days.',
    auth: true,
    params: tokenIdParamsSchema,
    query: usageQuerySchema,
    answer: { kind: 'envelope', data: usageFiguresSchema },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: "a token's usage, last 7 days by day", path: { id: '1' } }],
    shared: false,
  },
  {
    id: 'getUsage',
    method: 'GET',
    path: '/api/usage',
    resource: 'tokens',
    summary: 'Usage of all tokens',
    description:
      'The same figures for the whole gateway (verifies of unknown keys count as denied, NOT_FOUND), with the 10 tokens that spent most in the range.',
    auth: true,
    query: usageQuerySchema,
    answer: { kind: 'envelope', data: usageFiguresSchema },
    failures: [400, ...GUARDED],
    examples: [{ title: 'the whole gateway, last 7 days by hour', query: { bucket: 'hour' } }],
    shared: false,
  },
  {
    id: 'getOptions',
    method: 'GET',
    path: '/api/option/',
    resource: 'settings',
    summary: 'Read the options',
    description:
      'The settings the dashboard shows, as strings: `QuotaPerUnit` and `DisplayInCurrencyEnabled`.',
    auth: true,
    answer: { kind: 'envelope', data: z.array(optionSchema) },
    failures: GUARDED,
    examples: [{ title: 'the options' }],
    shared: false,
  },
  {
    id: 'setOption',
    method: 'PUT',
    path: '/api/option/',
    resource: 'settings',
    summary: 'Change an option',
    description: 'Sets one option; answers with every option as now kept.',
    auth: true,
    body: optionUpdateSchema,
    answer: { kind: 'envelope', data: z.array(optionSchema) },
    failures: WRITE,
    examples: [{ title: 'the quota ratio', body: { key: 'QuotaPerUnit', value: '500000' } }],
    shared: false,
  },
  {
    id: 'getStatus',
    method: 'GET',
    path: '/api/status',
    resource: 'service',
    summary: 'Service status',
    description: 'The version and how quota is shown. Open without the admin key.',
    auth: false,
    answer: { kind: 'envelope', data: statusInfoSchema },
    failures: [500],
    examples: [{ title: 'status (no key)' }],
    shared: false,
  },
  {
    id: 'getHealth',
    method: 'GET',
    path: '/healthz',
    resource: 'service',
    summary: 'Health check',
    description:
      'For load balancers: 200 while the service can serve, 503 while its database does not answer.',
    auth: false,
    answer: { kind: 'envelope', data: healthSchema },
    failures: [503],
    examples: [{ title: 'health' }],
    shared: false,
  },
  {
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/openapi.json',
    resource: 'service',
    summary: 'OpenAPI document',
    description:
      'This API as an OpenAPI 3.1 document, made from the same schemas the service validates with. Open without the admin key.',
    auth: false,
    answer: {
      kind: 'json',
      schema: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      description: 'The OpenAPI 3.1 document, not in the envelope.',
    },
    failures: [],
    examples: [{ title: 'the API document' }],
    shared: false,
  },
  {
    id: 'getReference',
    method: 'GET',
    path: '/api/docs',
    resource: 'service',
    summary: 'API reference page',
    description: 'This document as a page to read in a browser. Open without the admin key.',
    auth: false,
    answer: { kind: 'html', description: 'An HTML page.' },
    failures: [],
    examples: [{ title: 'the reference page' }],
    shared: false,
  },
];
