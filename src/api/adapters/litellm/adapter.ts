import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { OWNER_IDENTITY } from '../../../contract/admin-key';
import {
  LITELLM_API_TITLE,
  liteLlmGeneratedSchema,
  liteLlmKeyInfoSchema,
  liteLlmKeySchema,
  openApiInfoSchema,
} from '../../../contract/litellm';
import { DEFAULT_QUOTA_PER_UNIT } from '../../../contract/status';
import { TokenStatus, type Token } from '../../../contract/token';
import { readRatioOverride } from '../../../lib/quota-ratio';
import { nowSeconds } from '../../../lib/time';
import { tpmLimitOf, type TokenBackend } from '../../backend';
import type { ApiClient } from '../../client';
import { ApiError } from '../../errors';
import { keyLister } from './key-list';
import type { LiteLlmToken } from './key-model';
import { keyRegistry } from './key-registry';
import { keyUsage } from './key-usage';
import { createBody, keyChange } from './key-writes';

/** The part of the backend loaded on demand; the shell (shell.ts) states the rest. */
export type LiteLlmMethods = Pick<
  TokenBackend,
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'setStatus'
  | 'remove'
  | 'reveal'
  | 'status'
  | 'setQuotaPerUnit'
  | 'usage'
  | 'identity'
> & { removeMany: NonNullable<TokenBackend['removeMany']> };

export const NO_REVEAL =
  'LiteLLM keeps only a hash of each key: its whole key was shown once, when it was created.';
export const RATIO_HERE =
  'LiteLLM counts money in USD and keeps no quota ratio: the ratio is kept in this browser.';

/**
 * A LiteLLM proxy's virtual keys (see docs/gateways.md): its routes take a key's hash, its money
 * is USD (shown in units with the dashboard's ratio, kept in this browser), its edits write
 * exactly what they are sent.
 */
export function liteLlmMethods(client: ApiClient, cache: QueryClient): LiteLlmMethods {
  const ratio = () => readRatioOverride(client.connection.baseUrl) ?? DEFAULT_QUOTA_PER_UNIT;
  const registry = keyRegistry(ratio, nowSeconds);
  const lister = keyLister(client, registry, cache);
  const { scan } = lister;

  /** The hash of the key numbered `id`: read before, or found among the newest keys. */
  const hashOf = async (id: number): Promise<string> => {
    if (!registry.raw(id)) await lister.everyKnown();
    const raw = registry.raw(id);
    if (!raw) throw new ApiError('rejected', 'No key of this LiteLLM proxy has this id.', 404);
    return raw.token;
  };

  const get = async (id: number): Promise<LiteLlmToken> => {
    const hash = await hashOf(id);
    const { info } = await client.request('GET', '/key/info', {
      query: { key: hash },
      schema: liteLlmKeyInfoSchema,
    });
    return registry.remember({ ...info, token: hash });
  };

  const { replace, write } = scan;
  const drop = (ids: readonly number[]) => {
    scan.drop(ids);
    registry.forget(ids);
  };

  /**
   * LiteLLM names itself and its release in its API description, a large document read once a
   * session; proxy mode does not forward it, and there the release is not known.
   */
  let release: string | null = null;
  const readRelease = async () => {
    const answer = await client.exchange('GET', '/openapi.json', { keyless: true });
    const described = openApiInfoSchema.safeParse(answer.body);
    return described.success && described.data.info.title === LITELLM_API_TITLE
      ? (described.data.info.version ?? '')
      : '';
  };

  const setStatus = (id: number, status: Token['status']) =>
    write(async () => {
      const route = status === TokenStatus.disabled ? '/key/block' : '/key/unblock';
      const answer = await client.request('POST', route, {
        body: { key: await hashOf(id) },
        schema: liteLlmKeySchema.or(z.unknown()),
      });
      const parsed = liteLlmKeySchema.safeParse(answer);
      const token = parsed.success ? registry.remember(parsed.data) : await get(id);
      replace(token);
      return token;
    });

  const deleteKeys = async (ids: readonly number[]) => {
    const keys = await Promise.all(ids.map(hashOf));
    const answer = await client.request('POST', '/key/delete', {
      body: { keys },
      schema: z.looseObject({ deleted_keys: z.array(z.unknown()).optional() }),
    });
    drop(ids);
    return answer.deleted_keys?.length ?? ids.length;
  };

  return {
    list: lister.list,
    get,
    create: (input) =>
      write(async () => {
        const { key, ...created } = await client.request('POST', '/key/generate', {
          body: createBody(input, { ratio: ratio(), now: nowSeconds() }),
          schema: liteLlmGeneratedSchema,
        });
        const token = registry.remember(created);
        scan.forget();
        // The whole key, this once, without the sk- the dashboard writes before every key.
        return { ...token, key: key.replace(/^sk-/, '') };
      }),
    update: (loaded, edit) =>
      write(async () => {
        if (!registry.raw(loaded.id)) await get(loaded.id);
        const raw = registry.raw(loaded.id)!;
        const context = { ratio: ratio(), now: nowSeconds() };
        // The fields as the form showed them: the edit is what differs from those.
        const shown = { ...loaded, tpm_limit: tpmLimitOf(loaded) };
        const change = keyChange(raw, shown, edit, context);
        if (change.body) {
          await client.request('POST', '/key/update', {
            body: { key: raw.token, ...change.body },
            schema: z.unknown(),
          });
        }
        // Blocking has routes of its own, taken once the fields are written.
        const token = change.status
          ? await setStatus(loaded.id, change.status)
          : await get(loaded.id);
        replace(token);
        return token;
      }),
    setStatus,
    remove: (id) =>
      write(async () => {
        await deleteKeys([id]);
      }),
    removeMany: (ids) => write(() => deleteKeys(ids)),
    reveal: () => Promise.reject(new ApiError('rejected', NO_REVEAL, null, NO_REVEAL)),
    async status() {
      release ??= await readRelease();
      return { version: release, quota_per_unit: ratio(), display_in_currency: true };
    },
    setQuotaPerUnit: () => Promise.reject(new ApiError('rejected', RATIO_HERE, null, RATIO_HERE)),
    usage: keyUsage({ client, ratio, hashOf, nameOfHash: registry.nameOfHash }),
    // The master key (or an admin's) may do everything LiteLLM offers here: an owner. Listing
    // one key proves it.
    identity: async () => {
      await client.request('GET', '/key/list', {
        query: { page: 1, size: 1 },
        schema: z.looseObject({ keys: z.array(z.unknown()) }),
      });
      return { ...OWNER_IDENTITY, name: 'LiteLLM' };
    },
  };
}
