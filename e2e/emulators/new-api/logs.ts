/** new-api's GET /api/log/self (controller.GetUserLogs): the user's logs, paged with a total. */
import { writeOk } from '../gateway/gin-answers';
import { logFilterOf, type LogStore, type StoredLog } from '../gateway/log-store';
import type { Handler } from '../gateway/router';
import { sqlLike } from '../gateway/sql-like';
import { pageQuery } from './search';

/** model.Log after formatUserLogs: the id folded below 1024, no channel name. */
const storedRow = (log: StoredLog) => ({
  id: log.id % 1024,
  user_id: log.user_id,
  created_at: log.created_at,
  type: log.type,
  content: log.content,
  username: log.username,
  token_name: log.token_name,
  model_name: log.model_name,
  quota: log.quota,
  prompt_tokens: log.prompt_tokens,
  completion_tokens: log.completion_tokens,
  use_time: 0,
  is_stream: false,
  channel: log.channel,
  channel_name: '',
  token_id: log.token_id,
  group: log.group,
  ip: '',
  other: '',
});

/** Later releases answer a userLogDTO: no user, channel or token id. */
const userLogDto = (log: StoredLog) => ({
  id: log.id,
  created_at: log.created_at,
  type: log.type,
  content: log.content,
  token_name: log.token_name,
  model_name: log.model_name,
  channel_name: '',
  quota: log.quota,
  prompt_tokens: log.prompt_tokens,
  completion_tokens: log.completion_tokens,
  use_time: 0,
  is_stream: false,
});

/**
 * common.GetPageQuery paging (p from 1, page_size/ps/size up to 100), newest first by id, the
 * filtered total in common.PageInfo; `model_name` matched with LIKE. `legacy`: a release before
 * v1.0, answering the stored rows, token_id included.
 */
export function newApiLogList(logs: LogStore, userId: number, legacy: boolean): Handler {
  return ({ res, query }) => {
    const { page, size } = pageQuery(query);
    const rows = logs.query(logFilterOf(query, userId, (value, filter) => sqlLike(value, filter)));
    const start = (page - 1) * size;
    writeOk(res, {
      page,
      page_size: size,
      total: rows.length,
      items: rows.slice(start, start + size).map(legacy ? storedRow : userLogDto),
    });
  };
}
