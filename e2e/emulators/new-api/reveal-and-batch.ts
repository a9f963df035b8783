/** new-api's routes for whole keys (one or many) and for deleting many tokens at once. */
import { writeFail, writeOk } from '../gateway/gin-answers';
import { bindJson, type GoFieldType } from '../gateway/go-binding';
import type { Handler } from '../gateway/router';
import type { TokenStore } from '../gateway/token-store';
import { ownTokenRoute } from '../gateway/token-handlers';
import type { NewApiToken } from '../gateway/types';

const BATCH_MAX = 100;
const BATCH_FIELDS: Record<string, GoFieldType> = { ids: '[]int' };
const MSG_BATCH = {
  invalidParams: '无效的参数',
  tooMany: `批量请求数量过多，最多 ${BATCH_MAX} 条`,
} as const;

/** The ids of a controller.TokenBatch body, or the message refusing it. */
async function readIds(body: () => Promise<string>): Promise<number[] | string> {
  const bound = bindJson(await body(), 'controller.TokenBatch', BATCH_FIELDS);
  if (!bound.ok) return MSG_BATCH.invalidParams;
  const ids = (bound.value.ids as number[] | null) ?? [];
  if (ids.length === 0) return MSG_BATCH.invalidParams;
  if (ids.length > BATCH_MAX) return MSG_BATCH.tooMany;
  return ids;
}

export function revealAndBatchHandlers(store: TokenStore<NewApiToken>, userId: number) {
  /** POST /api/token/:id/key */
  const getTokenKey = ownTokenRoute(store, userId, (token) => ({ key: token.key }));

  /** POST /api/token/batch/keys: the keys of the ids the user has. */
  const getTokenKeys: Handler = async ({ res, body }) => {
    const ids = await readIds(body);
    if (typeof ids === 'string') return writeFail(res, ids);
    const keys: Record<string, string> = {};
    for (const id of ids) {
      const token = store.get(id, userId);
      if (token) keys[String(id)] = token.key;
    }
    writeOk(res, { keys });
  };

  /** POST /api/token/batch: deletes the ids the user has, answering how many. */
  const deleteTokens: Handler = async ({ res, body }) => {
    const ids = await readIds(body);
    if (typeof ids === 'string') return writeFail(res, ids);
    let count = 0;
    for (const id of new Set(ids)) {
      if (store.get(id, userId)) {
        store.delete(id);
        count++;
      }
    }
    writeOk(res, count);
  };

  return { getTokenKey, getTokenKeys, deleteTokens };
}
