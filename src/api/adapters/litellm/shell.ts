import type { QueryClient } from '@tanstack/react-query';
import type { TokenBackend } from '../../backend';
import type { ApiClient } from '../../client';
import { fetchedOnFirstUse } from '../fetched-on-first-use';

/**
 * A LiteLLM proxy: what it offers is stated here, its code is fetched on first use.
 */
export function liteLlmBackend(client: ApiClient, cache: QueryClient): TokenBackend {
  const methods = fetchedOnFirstUse(() =>
    import('./adapter').then(({ liteLlmMethods }) => liteLlmMethods(client, cache)),
  );
  return {
    kind: 'litellm',
    pageSizes: [10, 20, 50, 100],
    // A name search costs a request for the names, then one per key found: wait for a pause.
    searchDelayMs: 300,
    list: async (params, onProgress) => (await methods()).list(params, onProgress),
    get: async (id) => (await methods()).get(id),
    create: async (input) => (await methods()).create(input),
    update: async (loaded, edit) => (await methods()).update(loaded, edit),
    setStatus: async (id, status) => (await methods()).setStatus(id, status),
    remove: async (id) => (await methods()).remove(id),
    removeMany: async (ids) => (await methods()).removeMany(ids),
    reveal: async (id) => (await methods()).reveal(id),
    status: async () => (await methods()).status(),
    // Counting keys by status would mean reading every one of them: no strip above the table.
    summary: null,
    setQuotaPerUnit: async (value) => (await methods()).setQuotaPerUnit(value),
    usage: async (scope, ask, onProgress) => (await methods()).usage(scope, ask, onProgress),
    // Refills are LiteLLM's budget durations, and it limits requests (and tokens) per minute.
    lifecycleMissing: null,
    unavailable: ['reveal', 'rotate', 'subnet', 'refill-amount', 'quota-ratio', 'admin-keys'],
    tpmLimits: true,
    rotate: null,
    // LiteLLM keeps its model list in its own configuration.
    models: null,
    // LiteLLM's own alerting is configured on the proxy; it sends no Tokendesk webhooks.
    webhooks: null,
    // LiteLLM's own audit log is an Enterprise feature the dashboard does not read.
    audit: null,
    identity: async () => (await methods()).identity(),
    adminKeys: null,
  };
}
