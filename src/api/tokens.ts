import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { QUOTA_MAX, type Token, type TokenCreate } from '../contract/token';
import { MessageError } from '../lib/i18n/message-error';
import { returnedStatus } from '../contract/token-status';
import { nowSeconds } from '../lib/time';
import { runPool, type PoolOutcome } from '../lib/pool';
import type { ListParams, TokenBackend, TokenEdit, TokenListPage } from './backend';
import { useBackend } from './backend-context';
import { isApiError } from './errors';

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (params: ListParams) => [...tokenKeys.lists(), params] as const,
  summary: () => [...tokenKeys.all, 'summary'] as const,
};

export const serverKeys = {
  status: ['server', 'status'] as const,
};

/** Queries retry by themselves while the server is away, and poll until it is back. */
const retryTransient = (failureCount: number, error: unknown) =>
  isApiError(error) && error.transient && failureCount < 2;
const pollWhileAway = (query: { state: { status: string; error: unknown } }) =>
  query.state.status === 'error' && isApiError(query.state.error) && query.state.error.transient
    ? 5_000
    : false;

/**
 * How many tokens have been fetched so far when a server cannot search, filter or sort by
 * itself and every page has to be read; null when no such scan is running.
 */
let scanned: number | null = null;
const scanListeners = new Set<() => void>();
function setScanned(value: number | null) {
  scanned = value;
  for (const listener of scanListeners) listener();
}
export const scanProgress = {
  get: () => scanned,
  subscribe(listener: () => void) {
    scanListeners.add(listener);
    return () => scanListeners.delete(listener);
  },
};

export const tokenListQuery = (backend: TokenBackend, params: ListParams) =>
  queryOptions({
    queryKey: tokenKeys.list(params),
    queryFn: async () => {
      try {
        return await backend.list(params, setScanned);
      } finally {
        setScanned(null);
      }
    },
    placeholderData: keepPreviousData,
    retry: retryTransient,
    refetchInterval: pollWhileAway,
  });

export const serverStatusQuery = (backend: TokenBackend) =>
  queryOptions({
    queryKey: serverKeys.status,
    queryFn: () => backend.status(),
    staleTime: 60_000,
    retry: retryTransient,
  });

export function useTokenList(params: ListParams) {
  return useQuery(tokenListQuery(useBackend(), params));
}

export const tokenSummaryQuery = (backend: TokenBackend) =>
  queryOptions({
    queryKey: tokenKeys.summary(),
    queryFn: () => {
      if (!backend.summary) throw new Error('This server gives no summary');
      return backend.summary();
    },
    enabled: backend.summary !== null,
    retry: retryTransient,
    refetchInterval: pollWhileAway,
  });

export function useTokenSummary() {
  return useQuery(tokenSummaryQuery(useBackend()));
}

export function useServerStatus() {
  return useQuery(serverStatusQuery(useBackend()));
}

type ListSnapshot = Array<[readonly unknown[], TokenListPage | undefined]>;

/** Applies a change to every cached list page that holds the token, and returns how to undo it. */
async function patchLists(
  queryClient: QueryClient,
  id: number,
  patch: (token: Token) => Token,
): Promise<ListSnapshot> {
  await queryClient.cancelQueries({ queryKey: tokenKeys.lists() });
  const snapshot = queryClient.getQueriesData<TokenListPage>({ queryKey: tokenKeys.lists() });
  queryClient.setQueriesData<TokenListPage>({ queryKey: tokenKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map((t) => (t.id === id ? patch(t) : t)) } : page,
  );
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: ListSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

const withEdit = (token: Token, edit: Partial<TokenEdit>): Token => {
  const next = { ...token, ...edit };
  return { ...next, status: returnedStatus(next, nowSeconds()) };
};

export function useCreateToken() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TokenCreate) => backend.create(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useUpdateToken() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, edit }: { token: Token; edit: Partial<TokenEdit> }) =>
      backend.update(token, edit),
    onMutate: async ({ token, edit }) => ({
      snapshot: await patchLists(queryClient, token.id, (t) => withEdit(t, edit)),
    }),
    onError: (_error, _vars, context) => restore(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useSetTokenStatus() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, status }: { token: Token; status: 1 | 2 }) =>
      backend.setStatus(token.id, status),
    onMutate: async ({ token, status }) => ({
      snapshot: await patchLists(queryClient, token.id, (t) => withEdit(t, { status })),
    }),
    onError: (_error, _vars, context) => restore(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useDeleteToken() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: Token) => backend.remove(token.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevealKey() {
  const backend = useBackend();
  return useMutation({ mutationFn: (token: Token) => backend.reveal(token.id) });
}

export function useSetQuotaPerUnit() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => backend.setQuotaPerUnit(value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.status }),
  });
}

export type BulkAction =
  | { kind: 'enable' }
  | { kind: 'disable' }
  | { kind: 'delete' }
  | { kind: 'set-quota'; units: number }
  | { kind: 'add-quota'; units: number }
  | { kind: 'set-expiry'; expiredTime: number };

/** Refusals found before any call, in the words of the service's own rules. */
export class BulkRefusal extends MessageError {}

function bulkEdit(token: Token, action: BulkAction): Partial<TokenEdit> {
  switch (action.kind) {
    case 'set-quota':
      return { remain_quota: action.units };
    case 'add-quota': {
      const next = token.remain_quota + action.units;
      if (next < 0) {
        throw new BulkRefusal('bulk.err.notEnough', {
          left: token.remain_quota,
          take: -action.units,
        });
      }
      if (next > QUOTA_MAX) throw new BulkRefusal('bulk.err.tooMuch', { max: QUOTA_MAX });
      return { remain_quota: next };
    }
    case 'set-expiry':
      return { expired_time: action.expiredTime };
    default:
      return {};
  }
}

export type BulkOutcome = PoolOutcome<Token, unknown> & { alreadyGone?: number };

const BULK_CONCURRENCY = 4;
const BATCH_DELETE_MAX = 100;

/** One action over many tokens: the batch route where there is one, else one call each. */
export function useBulkAction() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      tokens,
      action,
      onProgress,
    }: {
      tokens: Token[];
      action: BulkAction;
      onProgress?: (finished: number) => void;
    }): Promise<BulkOutcome> => {
      if (action.kind === 'delete' && backend.removeMany) {
        const removeMany = backend.removeMany;
        const chunks: Token[][] = [];
        for (let i = 0; i < tokens.length; i += BATCH_DELETE_MAX) {
          chunks.push(tokens.slice(i, i + BATCH_DELETE_MAX));
        }
        const outcome: BulkOutcome = { done: [], failed: [] };
        let finished = 0;
        for (const chunk of chunks) {
          try {
            const deleted = await removeMany(chunk.map((t) => t.id));
            for (const item of chunk) outcome.done.push({ item, result: null });
            // The batch route says how many, not which: the rest were already gone.
            outcome.alreadyGone = (outcome.alreadyGone ?? 0) + chunk.length - deleted;
          } catch (error) {
            for (const item of chunk) outcome.failed.push({ item, error });
          }
          finished += chunk.length;
          onProgress?.(finished);
        }
        return outcome;
      }
      return runPool(
        tokens,
        async (token) => {
          if (action.kind === 'delete') return backend.remove(token.id);
          if (action.kind === 'enable' || action.kind === 'disable') {
            return backend.setStatus(token.id, action.kind === 'enable' ? 1 : 2);
          }
          return backend.update(token, bulkEdit(token, action));
        },
        { concurrency: BULK_CONCURRENCY, onProgress },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Creates `count` tokens named "name 1" … "name N"; reports each that failed. */
export function useCreateMany() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      count,
      onProgress,
    }: {
      input: TokenCreate;
      count: number;
      onProgress?: (finished: number) => void;
    }) =>
      runPool(
        Array.from({ length: count }, (_, i) => `${input.name} ${i + 1}`),
        (name) => backend.create({ ...input, name }),
        { concurrency: BULK_CONCURRENCY, onProgress },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Every token matching a filter, page by page, for export. */
export async function fetchAllTokens(
  backend: TokenBackend,
  params: Omit<ListParams, 'p' | 'size'>,
  onProgress?: (loaded: number, total: number | null) => void,
): Promise<Token[]> {
  const size = backend.pageSizes ? Math.max(...backend.pageSizes) : 10;
  const tokens: Token[] = [];
  for (let p = 1; ; p++) {
    const page = await backend.list({ ...params, p, size });
    tokens.push(...page.items);
    onProgress?.(tokens.length, page.total);
    if (!page.hasNext || page.items.length === 0) return tokens;
  }
}
