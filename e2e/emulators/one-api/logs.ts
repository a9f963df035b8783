/** one-api's GET /api/log/self (controller.GetUserLogs): the user's logs, 10 a page. */
import { writeOk } from '../gateway/gin-answers';
import { atoiOrZero } from '../gateway/go-binding';
import { logFilterOf, type LogStore, type StoredLog } from '../gateway/log-store';
import type { Handler } from '../gateway/router';

/** config.ItemsPerPage: the log list's fixed page size, as the token list's. */
const PAGE_SIZE = 10;

/** model.Log as JSON; the user's list leaves the id column out (`Omit("id")`), so it is 0. */
const present = (log: StoredLog) => ({
  id: 0,
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
  channel: log.channel,
  request_id: '',
  elapsed_time: 0,
  is_stream: false,
  system_prompt_reset: false,
});

/** `p` from 0 (a negative one is 0), newest first by id, a plain array without a total. */
export function oneApiLogList(logs: LogStore, userId: number): Handler {
  return ({ res, query }) => {
    const page = Math.max(0, atoiOrZero(query.get('p')));
    const rows = logs.query(logFilterOf(query, userId, (value, filter) => value === filter));
    writeOk(res, rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(present));
  };
}
