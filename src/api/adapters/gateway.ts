import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { OWNER_IDENTITY } from '../../contract/admin-key';
import { optionSchema } from '../../contract/status';
import { type Token, type TokenCreate } from '../../contract/token';
import {
  gatewayUserSchema,
  statusInfoOf,
  upstreamStatusSchema,
  type UpstreamToken,
} from '../../contract/upstream';
import {
  editableFields,
  storedStatus,
  type StoredStatus,
  type TokenBackend,
  type TokenEdit,
} from '../backend';
import type { ApiClient, ServerKind } from '../client';
import { GATEWAY_OFFERS } from './gateway-offers';
import { gatewayScan } from './gateway-scan';
import { gatewayUsage, type ReadLogPage } from './gateway-usage';
import { listLocally, searchMatcher } from './local-list';
import { summarize, type TokenFields } from './upstream-token';

/** What differs between one-api and new-api; the rest of their behaviour is shared below. */
export interface GatewayDialect<Raw extends UpstreamToken> {
  kind: ServerKind;
  pageSizes: readonly number[] | null;
  searchDelayMs: number;
  /** The largest page the server gives, used when every token has to be fetched. */
  scanPageSize: number;
  /** The page at a 0-based index, `scanPageSize` tokens each, newest first. */
  scanPage: (index: number) => Promise<Token[]>;
  /** The server's token as it sends it, and as the dashboard shows it. */
  tokenSchema: z.ZodType<Raw>;
  fromRaw: (raw: Raw) => Token;
  createBody: (input: TokenCreate) => object;
  /** Id and every field the server's update writes, from the record as it is now; never the key. */
  updateBody: (raw: Raw, fields: TokenFields) => object;
  /** Whether create answers with the new token (and its key). */
  createAnswersToken: boolean;
  reveal: (id: number, loaded: () => Promise<Token>) => Promise<string>;
  removeMany: ((ids: number[]) => Promise<number>) | null;
  /** The logs a page of the user's log route holds; the gateways have no usage route. */
  logPageSize: number;
  logPage: ReadLogPage;
  /** The most logs read for one range (see LOG_BOUNDS). */
  logBound: number;
}

export function gatewayBackend<Raw extends UpstreamToken>(
  client: ApiClient,
  cache: QueryClient,
  dialect: GatewayDialect<Raw>,
): TokenBackend {
  const scan = gatewayScan(cache, dialect.scanPage, dialect.scanPageSize);
  const { replace, drop, write } = scan;

  const getRaw = (id: number): Promise<Raw> =>
    client.request('GET', `/api/token/${id}`, { schema: dialect.tokenSchema });
  const get = async (id: number) => dialect.fromRaw(await getRaw(id));

  /** The token as a write left it: from the write's answer, else read again. */
  const fresh = (id: number, answer: unknown) => {
    const parsed = dialect.tokenSchema.safeParse(answer);
    return parsed.success && parsed.data.id === id ? dialect.fromRaw(parsed.data) : get(id);
  };

  const putStatus = async (id: number, status: StoredStatus) =>
    fresh(
      id,
      await client.request('PUT', '/api/token/', {
        query: { status_only: 'true' },
        body: { id, status },
        schema: z.unknown(),
      }),
    );

  return {
    ...GATEWAY_OFFERS,
    kind: dialect.kind,
    pageSizes: dialect.pageSizes,
    searchDelayMs: dialect.searchDelayMs,
    async list(params, onProgress) {
      return listLocally(await scan.read(onProgress), params, dialect.pageSizes ? params.size : 10);
    },
    get,
    create: (input: TokenCreate) =>
      write(async () => {
        const data = await client.request('POST', '/api/token/', {
          body: dialect.createBody(input),
          schema: z.unknown(),
        });
        const parsed = dialect.createAnswersToken ? dialect.tokenSchema.safeParse(data) : null;
        if (!parsed?.success) {
          // Nothing says which token is new: the next list fetches everything again.
          scan.forget();
          return null;
        }
        const created = dialect.fromRaw(parsed.data);
        scan.patch((tokens) => [created, ...tokens.filter((t) => t.id !== created.id)]);
        return created;
      }),
    update: (loaded, edit: Partial<TokenEdit>) =>
      write(async () => {
        // These servers write every field of the body and zero the ones left out: send the
        // record as it is now, with the edit on top, so nothing the form does not show is lost.
        const raw = await getRaw(loaded.id);
        const current = dialect.fromRaw(raw);
        const { status, ...fields } = { ...editableFields(current), ...edit };
        let token = await fresh(
          raw.id,
          await client.request('PUT', '/api/token/', {
            body: dialect.updateBody(raw, fields),
            schema: z.unknown(),
          }),
        );
        replace(token);
        // Status has a route of its own on these servers.
        if (status !== storedStatus(current)) {
          token = await putStatus(raw.id, status);
          replace(token);
        }
        return token;
      }),
    setStatus: (id, status) =>
      write(async () => {
        const token = await putStatus(id, status);
        replace(token);
        return token;
      }),
    remove: (id) =>
      write(async () => {
        await client.request('DELETE', `/api/token/${id}`, { schema: z.unknown() });
        drop([id]);
      }),
    removeMany: dialect.removeMany
      ? (ids) =>
          write(async () => {
            const deleted = await dialect.removeMany!(ids);
            drop(ids);
            return deleted;
          })
      : null,
    reveal: (id) => dialect.reveal(id, () => get(id)),
    async status() {
      return statusInfoOf(
        await client.request('GET', '/api/status', { schema: upstreamStatusSchema }),
      );
    },
    // Counted here over every token, as the list is searched here: the strip follows the search.
    summary: async (search) => summarize((await scan.read()).filter(searchMatcher(search ?? {}))),
    async setQuotaPerUnit(value) {
      await client.request('PUT', '/api/option/', {
        body: { key: 'QuotaPerUnit', value: String(value) },
        schema: z.array(optionSchema).or(z.unknown()),
      });
    },
    usage: (scope, ask, onProgress) =>
      gatewayUsage(
        {
          readPage: dialect.logPage,
          pageSize: dialect.logPageSize,
          bound: dialect.logBound,
          tokens: () => scan.read(),
        },
        scope,
        ask,
        onProgress,
      ),
    // The access token is the one key, with every right of its user; its name is the user's.
    identity: async () => {
      const user = await client.request('GET', '/api/user/self', { schema: gatewayUserSchema });
      return { ...OWNER_IDENTITY, name: user.display_name || user.username };
    },
  };
}
