/** new-api's list pages and its search by name and key, as each kind of release matches them. */
import { writeFail, writeOk } from '../gateway/gin-answers';
import { atoiOrZero, byteLength } from '../gateway/go-binding';
import type { Handler } from '../gateway/router';
import { sqlLike } from '../gateway/sql-like';
import type { TokenStore } from '../gateway/token-store';
import type { NewApiToken } from '../gateway/types';
import { masked, MAX_USER_TOKENS } from './token';

export type SearchMode = 'contains' | 'exact';

const MSG_SEARCH = {
  adjacentWildcards: '搜索模式中不允许包含连续的 % 通配符',
  tooManyWildcards: '搜索模式中最多允许包含 2 个 % 通配符',
  tooShort: '使用模糊搜索时，关键词长度至少为 2 个字符',
  exactOnly: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符',
} as const;

/** common.GetPageQuery: p is 1-based; page_size, ps or size; 10 by default; at most 100. */
export function pageQuery(query: URLSearchParams): { page: number; size: number } {
  const page = Math.max(1, atoiOrZero(query.get('p')));
  let size = atoiOrZero(query.get('page_size'));
  if (size === 0) size = atoiOrZero(query.get('ps'));
  if (size === 0) size = atoiOrZero(query.get('size'));
  if (size < 1) size = 10;
  return { page, size: Math.min(size, 100) };
}

/** The page the query asks for, with the total, keys masked. */
export function pageOf(rows: NewApiToken[], query: URLSearchParams) {
  const { page, size } = pageQuery(query);
  const start = (page - 1) * size;
  return {
    page,
    page_size: size,
    total: rows.length,
    items: rows.slice(start, start + size).map(masked),
  };
}

/**
 * model.sanitizeLikePattern: `!` and `_` escaped with `!`, `%` left a wildcard; refused with
 * `%%`, more than two `%`, or under 2 bytes besides them. Without `%` the match is exact.
 */
function exactPattern(input: string): { pattern: string } | { error: string } {
  if (input.includes('%%')) return { error: MSG_SEARCH.adjacentWildcards };
  const wildcards = input.split('%').length - 1;
  if (wildcards > 2) return { error: MSG_SEARCH.tooManyWildcards };
  const escaped = input.replace(/!/g, '!!').replace(/_/g, '!_');
  if (wildcards > 0 && byteLength(escaped.replace(/%/g, '')) < 2) {
    return { error: MSG_SEARCH.tooShort };
  }
  return { pattern: escaped };
}

/** Go's strings.Trim(token, "sk-"): drops those characters from both ends. */
function trimSkChars(text: string): string {
  return text.replace(/^[sk-]+/, '').replace(/[sk-]+$/, '');
}

/**
 * GET /api/token/search: `keyword` matches names, `token` keys, of the user's tokens. Older
 * releases (`contains`) wrap both in `%`; later ones (`exact`: model.SearchUserTokens, before
 * v1.0 and since) match them exactly unless they hold `%`.
 */
export function searchHandler(
  store: TokenStore<NewApiToken>,
  userId: number,
  mode: SearchMode,
): Handler {
  return ({ res, query }) => {
    const keyword = query.get('keyword') ?? '';
    let key = query.get('token') ?? '';
    let rows = store.ofUser(userId).sort((a, b) => b.id - a.id);
    if (mode === 'contains') {
      key = key === '' ? '' : trimSkChars(key);
      rows = rows.filter(
        (token) => sqlLike(token.name, `%${keyword}%`) && sqlLike(token.key, `%${key}%`),
      );
    } else {
      if (key.startsWith('sk-')) key = key.slice(3);
      // Over the cap on tokens per user, only exact searches are allowed.
      if ((keyword + key).includes('%') && rows.length > MAX_USER_TOKENS) {
        return writeFail(res, MSG_SEARCH.exactOnly);
      }
      for (const [field, text] of [
        ['name', keyword],
        ['key', key],
      ] as const) {
        if (text === '') continue;
        const pattern = exactPattern(text);
        if ('error' in pattern) return writeFail(res, pattern.error);
        rows = rows.filter((token) => sqlLike(token[field], pattern.pattern, '!'));
      }
    }
    writeOk(res, pageOf(rows, query));
  };
}
