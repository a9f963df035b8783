import { z } from 'zod';
import { adminIdentitySchema, adminKeySchema } from '../../contract/admin-key';
import { optionSchema, statusInfoSchema } from '../../contract/status';
import { tokenSchema } from '../../contract/token';
import { tokenPageSchema, tokenSummarySchema } from '../../contract/token-page';
import { countedPage, type TokenBackend } from '../backend';
import type { ApiClient } from '../client';
import { tokendeskWebhooks } from './tokendesk-webhooks';

/**
 * The schemas of the answers the token list's first screen does not read (models, usage, the
 * audit, a rotation) load with the screen or action that asks for them, not with every session.
 */
const modelContract = () => import('../../contract/model');
const usageContract = () => import('../../contract/usage');
const auditContract = () => import('../../contract/audit');
const rotationContract = () => import('../../contract/verify');

/**
 * How long search waits after the last key. Searching is an indexed query here, answered in
 * milliseconds: a short pause is enough for a word typed to cost one request, not one per letter.
 */
export const SEARCH_PAUSE_MS = 250;

/** This project's own token service: paging with totals, masked keys with reveal, partial updates. */
export function tokendeskBackend(client: ApiClient): TokenBackend {
  return {
    kind: 'tokendesk',
    pageSizes: [10, 20, 50, 100],
    searchDelayMs: SEARCH_PAUSE_MS,
    list: async (params) => {
      const page = await client.request('GET', '/api/token/', {
        query: { ...params },
        schema: tokenPageSchema,
      });
      return countedPage(page.items, page.total, page.page, page.page_size, page.total_capped);
    },
    get: (id) => client.request('GET', `/api/token/${id}`, { schema: tokenSchema }),
    create: (input) => client.request('POST', '/api/token/', { body: input, schema: tokenSchema }),
    // Fields left out keep their values: only the edit is sent.
    update: (loaded, edit) =>
      client.request('PUT', '/api/token/', {
        body: { ...edit, id: loaded.id },
        schema: tokenSchema,
      }),
    setStatus: (id, status) =>
      client.request('PUT', '/api/token/', {
        query: { status_only: 'true' },
        body: { id, status },
        schema: tokenSchema,
      }),
    remove: async (id) => {
      await client.request('DELETE', `/api/token/${id}`, { schema: z.unknown() });
    },
    removeMany: (ids) =>
      client.request('POST', '/api/token/batch', { body: { ids }, schema: z.number().int() }),
    reveal: async (id) =>
      (
        await client.request('POST', `/api/token/${id}/key`, {
          schema: z.object({ key: z.string() }),
        })
      ).key,
    status: () => client.request('GET', '/api/status', { schema: statusInfoSchema }),
    summary: (search) =>
      client.request('GET', '/api/token/summary', {
        query: { keyword: search?.keyword, token: search?.token },
        schema: tokenSummarySchema,
      }),
    setQuotaPerUnit: async (value) => {
      await client.request('PUT', '/api/option/', {
        body: { key: 'QuotaPerUnit', value: String(value) },
        schema: z.array(optionSchema).or(z.unknown()),
      });
    },
    usage: async (scope, ask) => ({
      figures: await client.request('GET', scope ? `/api/token/${scope.id}/usage` : '/api/usage', {
        query: { ...ask },
        schema: (await usageContract()).usageFiguresSchema,
      }),
      logs: null,
      deniedCounted: true,
    }),
    lifecycleMissing: null,
    unavailable: [],
    tpmLimits: false,
    rotate: async (id, graceSeconds) =>
      client.request('POST', `/api/token/${id}/rotate`, {
        body: { grace_seconds: graceSeconds },
        schema: (await rotationContract()).rotateResultSchema,
      }),
    audit: async (query) =>
      client.request('GET', '/api/audit/', {
        query: { ...query },
        schema: (await auditContract()).auditPageSchema,
      }),
    identity: () => client.request('GET', '/api/admin-key/self', { schema: adminIdentitySchema }),
    adminKeys: {
      list: () => client.request('GET', '/api/admin-key/', { schema: z.array(adminKeySchema) }),
      create: (input) =>
        client.request('POST', '/api/admin-key/', { body: input, schema: adminKeySchema }),
      revoke: async (id) => {
        await client.request('DELETE', `/api/admin-key/${id}`, { schema: z.unknown() });
      },
    },
    models: {
      list: async () => {
        const { modelListSchema } = await modelContract();
        return (await client.request('GET', '/api/model/', { schema: modelListSchema })).items;
      },
      create: async (input) =>
        client.request('POST', '/api/model/', {
          body: input,
          schema: (await modelContract()).modelSchema,
        }),
      update: async (patch) =>
        client.request('PUT', '/api/model/', {
          body: patch,
          schema: (await modelContract()).modelSchema,
        }),
      remove: async (id) => {
        await client.request('DELETE', `/api/model/${id}`, { schema: z.unknown() });
      },
      test: async (id) =>
        client.request('POST', `/api/model/${id}/test`, {
          schema: (await modelContract()).modelTestSchema,
        }),
    },
    webhooks: tokendeskWebhooks(client),
  };
}
