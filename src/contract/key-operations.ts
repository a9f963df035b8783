import { GUARDED, WRITE, type Operation } from './operation';
import { tokenIdParamsSchema } from './token';
import {
  usageFiguresSchema,
  usageQuerySchema,
  usageReportResultSchema,
  usageReportSchema,
} from './usage';
import {
  rotateResultSchema,
  tokenRotateSchema,
  tokenVerifySchema,
  verifyResultSchema,
} from './verify';

/** The key service's operations: what gateways call, and a token's new key and usage. */
export const KEY_SERVICE_OPERATIONS: readonly Operation[] = [
  {
    id: 'rotateTokenKey',
    method: 'POST',
    path: '/api/token/{id}/rotate',
    resource: 'tokens',
    summary: 'Rotate a key',
    description:
      'A new whole key for the token, shown this once (and by reveal). The previous key still verifies as the same token until `previous_key_valid_until` (now + `grace_seconds`, at most 7 days); rotating again ends the older key at once.',
    auth: true,
    permission: 'tokens.rotate',
    params: tokenIdParamsSchema,
    body: tokenRotateSchema,
    answer: { kind: 'envelope', data: rotateResultSchema },
    failures: [400, 404, 413, 415, ...GUARDED],
    examples: [
      {
        title: 'rotate a key, the old one working one more hour',
        path: { id: '4' },
        body: { grace_seconds: 3600 },
      },
    ],
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
    permission: 'gateway.call',
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
    permission: 'gateway.call',
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
    permission: 'usage.read',
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
    permission: 'usage.read',
    query: usageQuerySchema,
    answer: { kind: 'envelope', data: usageFiguresSchema },
    failures: [400, ...GUARDED],
    examples: [{ title: 'the whole gateway, last 7 days by hour', query: { bucket: 'hour' } }],
    shared: false,
  },
];
