import type { QueryClient } from '@tanstack/react-query';
import type { TokenBackend } from '../backend';
import type { ApiClient } from '../client';
import { fetchedOnFirstUse } from './fetched-on-first-use';
import { DIALECT_OFFERS, GATEWAY_OFFERS, type GatewayKind } from './gateway-offers';

const CODE: Record<GatewayKind, () => Promise<typeof import('./one-api').oneApiBackend>> = {
  'one-api': () => import('./one-api').then((module) => module.oneApiBackend),
  'new-api': () => import('./new-api').then((module) => module.newApiBackend),
};

/**
 * A one-api or new-api server: what it offers is stated here, its code is fetched on first use.
 */
export function gatewayShell(
  kind: GatewayKind,
  client: ApiClient,
  cache: QueryClient,
): TokenBackend {
  const full = fetchedOnFirstUse(() => CODE[kind]().then((create) => create(client, cache)));
  const { batchDelete, ...offers } = DIALECT_OFFERS[kind];
  return {
    ...GATEWAY_OFFERS,
    ...offers,
    list: async (params, onProgress) => (await full()).list(params, onProgress),
    get: async (id) => (await full()).get(id),
    create: async (input) => (await full()).create(input),
    update: async (loaded, edit) => (await full()).update(loaded, edit),
    setStatus: async (id, status) => (await full()).setStatus(id, status),
    remove: async (id) => (await full()).remove(id),
    removeMany: batchDelete ? async (ids) => (await full()).removeMany!(ids) : null,
    reveal: async (id) => (await full()).reveal(id),
    status: async () => (await full()).status(),
    summary: async (search) => (await full()).summary!(search),
    setQuotaPerUnit: async (value) => (await full()).setQuotaPerUnit(value),
    usage: async (scope, ask, onProgress) => (await full()).usage(scope, ask, onProgress),
    identity: async () => (await full()).identity(),
  };
}
