import { z } from 'zod';
import { optionSchema } from '../../contract/status';
import { type Token, type TokenCreate } from '../../contract/token';
import {
  upstreamStatusSchema,
  upstreamTokenSchema,
  type UpstreamToken,
} from '../../contract/upstream';
import { DEFAULT_QUOTA_PER_UNIT } from '../../contract/status';
import type { TokenBackend, TokenEdit } from '../backend';
import { editableFields } from '../backend';
import type { ApiClient, ServerKind } from '../client';
import { fetchEveryPage, listLocally } from './local-list';
import { fromUpstream, summarize } from './upstream-token';

/** What differs between one-api and new-api; the rest of their behaviour is shared below. */
export interface GatewayDialect {
  kind: ServerKind;
  pageSizes: readonly number[] | null;
  /** The largest page the server gives, used when every token has to be fetched. */
  scanPageSize: number;
  /** The page at a 0-based index, `scanPageSize` tokens each, newest first. */
  scanPage: (index: number) => Promise<Token[]>;
  reveal: (id: number, loaded: () => Promise<Token>) => Promise<string>;
  removeMany: ((ids: number[]) => Promise<number>) | null;
  /** The created token, when the server answers with it. */
  parseCreated: (data: unknown) => Token | null;
}

/** Answers kept for a short while, so paging through results does not fetch everything again. */
const SCAN_TTL_MS = 15_000;

export function gatewayBackend(client: ApiClient, dialect: GatewayDialect): TokenBackend {
  let scan: { at: number; tokens: Promise<Token[]> } | null = null;
  const forget = () => {
    scan = null;
  };

  const everything = (onProgress?: (loaded: number) => void) => {
    if (!scan || Date.now() - scan.at > SCAN_TTL_MS) {
      const tokens = fetchEveryPage(dialect.scanPage, dialect.scanPageSize, onProgress);
      scan = { at: Date.now(), tokens };
      tokens.catch(forget);
    }
    return scan.tokens;
  };

  const getRaw = (id: number): Promise<UpstreamToken> =>
    client.request('GET', `/api/token/${id}`, { schema: upstreamTokenSchema });
  const get = async (id: number) => fromUpstream(await getRaw(id));

  const setStatus = async (id: number, status: 1 | 2) => {
    forget();
    await client.request('PUT', '/api/token/', {
      query: { status_only: 'true' },
      body: { id, status },
      schema: z.unknown(),
    });
    return get(id);
  };

  return {
    kind: dialect.kind,
    pageSizes: dialect.pageSizes,
    async list(params, onProgress) {
      return listLocally(
        await everything(onProgress),
        params,
        dialect.pageSizes ? params.size : 10,
      );
    },
    get,
    async create(input: TokenCreate) {
      forget();
      const data = await client.request('POST', '/api/token/', {
        body: input,
        schema: z.unknown(),
      });
      return dialect.parseCreated(data);
    },
    async update(loaded, edit: Partial<TokenEdit>) {
      forget();
      // These servers write every field of the body and zero the ones left out: send the record
      // as it is now, with the edit on top, so nothing the form does not show is lost.
      const raw = await getRaw(loaded.id);
      const current = fromUpstream(raw);
      const { status, ...fields } = { ...editableFields(current), ...edit };
      await client.request('PUT', '/api/token/', {
        body: { ...raw, ...fields, id: raw.id },
        schema: z.unknown(),
      });
      // Status has a route of its own on these servers.
      if (status !== (current.status === 2 ? 2 : 1)) return setStatus(raw.id, status);
      return get(raw.id);
    },
    setStatus,
    async remove(id) {
      forget();
      await client.request('DELETE', `/api/token/${id}`, { schema: z.unknown() });
    },
    removeMany: dialect.removeMany
      ? async (ids) => {
          forget();
          return dialect.removeMany!(ids);
        }
      : null,
    reveal: (id) => dialect.reveal(id, () => get(id)),
    async status() {
      const status = await client.request('GET', '/api/status', { schema: upstreamStatusSchema });
      return {
        version: status.version ?? '',
        quota_per_unit: status.quota_per_unit ?? DEFAULT_QUOTA_PER_UNIT,
        display_in_currency: status.display_in_currency ?? true,
      };
    },
    summary: async () => summarize(await everything()),
    async setQuotaPerUnit(value) {
      await client.request('PUT', '/api/option/', {
        body: { key: 'QuotaPerUnit', value: String(value) },
        schema: z.array(optionSchema).or(z.unknown()),
      });
    },
  };
}
