import { normalizeKey } from '../../../src/contract/token';
import { TOTAL_CAP } from '../../../src/contract/token-page';
import type {
  TokenListQuery,
  TokenOrder,
  TokenOrderField,
  TokenStatusCode,
} from '../../../src/contract/token';
import { keyDigest } from '../key-seal';
import { keywordGram } from './name-grams';
import { EXPIRY_SORT_KEY } from './schema';
import { orderField, reverseOrder } from '../token-order';
import { tokenJsonAt } from './token-json';

/** The SQL function the store registers for keywords that neither FTS5 nor LIKE can match. */
export const NAME_CONTAINS_FUNCTION = 'name_contains';

/**
 * The FTS5 tables that find names: trigrams for keywords of three characters or more, the names'
 * one- and two-character pieces for shorter ones.
 */
type NameIndex = 'token_names' | 'token_grams';

/** Trigram search needs at least three characters; shorter keywords are found by their piece. */
const TRIGRAM = 3;

/**
 * At or under this many matches, sorting them is cheaper than walking the order's index in
 * search of them (a few milliseconds either way); above it, walking the index wins by far.
 */
export const FEW_MATCHES = 5000;

export interface ListStatements {
  /** SQL for the number of matching rows up to TOTAL_CAP + 1, or null when the kept total applies. */
  count: string | null;
  /**
   * SQL for rows @offset to @offset + @limit of the list in `direction`, each row one token as
   * JSON text (TOKEN_JSON). `strategy` says how SQLite should find them.
   */
  page: (strategy: PageStrategy, direction: PageDirection) => string;
  /**
   * For a name search in id order: SQL for the ids of the same rows, read from the name index
   * in its own (rowid) order, which needs no walk through the tokens in search of matches.
   */
  idsByName: ((direction: PageDirection) => string) | null;
  params: Record<string, string | number | Buffer>;
}

/**
 * The rows of a page. A LIMIT or OFFSET that is a bare parameter has SQLite prepare the statement
 * again whenever it is bound (its planner reads the value); an expression of it is only
 * evaluated: a page of 20 takes 26 to 36 µs instead of 41 to 47.
 */
const PAGE_WINDOW = 'LIMIT @limit + 0 OFFSET @offset + 0';

/**
 * 'order': walk the order's index and filter on the way, stopping at LIMIT (many matches).
 * 'filter': let SQLite start from a filter's index and sort the matches (few matches).
 */
export type PageStrategy = 'order' | 'filter';
/** 'reverse' reads the list from its end: the rows skipped by OFFSET are fewer for a late page. */
export type PageDirection = 'forward' | 'reverse';

/** A token as JSON text made by SQLite (token-json.ts); `@now` is the request's clock. */
export const TOKEN_JSON = tokenJsonAt('@now');

/** Each expression matches an index of schema.ts, so ordering reads the index, not a sort. */
export const ORDER_EXPRESSIONS: Record<TokenOrderField, string> = {
  id: 'id',
  name: 'name COLLATE NOCASE',
  remain_quota: 'remain_quota',
  used_quota: 'used_quota',
  created_time: 'created_time',
  expired_time: `(${EXPIRY_SORT_KEY})`,
  accessed_time: 'accessed_time',
};

/** Spells a column in SQL: as itself, or with a unary + that keeps its index out of use. */
export type Column = (name: string) => string;
type Condition = (c: Column) => string;

/**
 * The returned status as SQL, mirroring returnedStatus() in src/contract/token-status.ts. `@now` is the
 * request's clock so a page and its total agree.
 */
const STATUS_CONDITIONS: Record<TokenStatusCode, Condition> = {
  1: (c) =>
    `${c('status')} = 1 AND (${c('expired_time')} = -1 OR ${c('expired_time')} > @now) AND (${c('unlimited_quota')} = 1 OR ${c('remain_quota')} > 0)`,
  2: (c) => `${c('status')} = 2`,
  3: (c) => `${c('status')} = 1 AND ${c('expired_time')} <> -1 AND ${c('expired_time')} <= @now`,
  4: (c) =>
    `${c('status')} = 1 AND (${c('expired_time')} = -1 OR ${c('expired_time')} > @now) AND ${c('unlimited_quota')} = 0 AND ${c('remain_quota')} = 0`,
};

export const indexable: Column = (name) => name;
const notIndexable: Column = (name) => `+${name}`;

/** The WHERE clause of the filters a list and a summary share; `@now` is the request's clock. */
export interface TokenFilter {
  where: (c: Column) => string;
  params: Record<string, string | number | Buffer>;
  /** No filter at all: every token matches. */
  none: boolean;
  /** The index of names that can count the matches alone, when the name search is the only filter. */
  nameSearchOnly: NameIndex | null;
}

export function buildTokenFilter(
  query: Pick<TokenListQuery, 'keyword' | 'token'> & { status?: TokenStatusCode },
  now: number,
): TokenFilter {
  const params: Record<string, string | number | Buffer> = { now };
  const filters: Condition[] = [];

  const key = normalizeKey(query.token);
  if (key !== '') {
    // The unique index finds at most one row: always worth using.
    filters.push(() => 'key_digest = @key_digest');
    params.key_digest = keyDigest(key);
  }

  const keyword = query.keyword.trim();
  // FTS5 queries and LIKE patterns end at a NUL character; only the JavaScript scan reads past it.
  const sqlCanMatch = !keyword.includes('\0');
  const trigramSearch = sqlCanMatch && [...keyword].length >= TRIGRAM;
  const gram = sqlCanMatch && !trigramSearch ? keywordGram(keyword) : null;
  let nameIndex: NameIndex | null = null;
  if (trigramSearch) {
    nameIndex = 'token_names';
    filters.push(
      (c) => `${c('id')} IN (SELECT rowid FROM token_names WHERE token_names MATCH @phrase)`,
    );
    // A quoted FTS5 phrase takes every character literally; quotes inside are doubled.
    params.phrase = `"${keyword.replaceAll('"', '""')}"`;
  } else if (gram !== null) {
    nameIndex = 'token_grams';
    // Found by the index of pieces; checked by name where the order's index is walked, so that
    // a common piece is not first gathered whole.
    filters.push((c) =>
      c === indexable
        ? 'id IN (SELECT rowid FROM token_grams WHERE token_grams MATCH @phrase)'
        : `${NAME_CONTAINS_FUNCTION}(name, @needle)`,
    );
    params.phrase = `"${gram}"`;
    params.needle = foldCase(keyword);
  } else if (sqlCanMatch && keyword !== '' && likeFoldsEnough(keyword)) {
    // Native LIKE is four times faster than calling into JavaScript for each of a million names.
    filters.push(() => "name LIKE @pattern ESCAPE '\\'");
    params.pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  } else if (keyword !== '') {
    filters.push(() => `${NAME_CONTAINS_FUNCTION}(name, @needle)`);
    params.needle = foldCase(keyword);
  }

  const { status } = query;
  if (status !== undefined) filters.push((c) => `(${STATUS_CONDITIONS[status](c)})`);

  return {
    where: (c) =>
      filters.length > 0 ? `WHERE ${filters.map((filter) => filter(c)).join(' AND ')}` : '',
    params,
    none: filters.length === 0,
    nameSearchOnly: nameIndex !== null && filters.length === 1 ? nameIndex : null,
  };
}

export function buildListStatements(query: TokenListQuery, now: number): ListStatements {
  const { where, params, none, nameSearchOnly } = buildTokenFilter(query, now);
  return {
    // Matches are counted up to one past TOTAL_CAP: enough to say "more than".
    count: none
      ? null
      : nameSearchOnly
        ? `SELECT count(*) AS total FROM (SELECT rowid FROM ${nameSearchOnly} WHERE ${nameSearchOnly} MATCH @phrase LIMIT ${TOTAL_CAP + 1})`
        : `SELECT count(*) AS total FROM (SELECT 1 FROM tokens ${where(indexable)} LIMIT ${TOTAL_CAP + 1})`,
    page: (strategy, direction) => {
      const order = direction === 'forward' ? query.order : reverseOrder(query.order);
      const filter = where(strategy === 'order' ? notIndexable : indexable);
      return `SELECT ${TOKEN_JSON} AS token FROM tokens ${filter} ORDER BY ${orderBy(order)} ${PAGE_WINDOW}`;
    },
    idsByName:
      nameSearchOnly && orderField(query.order).field === 'id'
        ? (direction) => {
            const descending = orderField(query.order).descending !== (direction === 'reverse');
            return `SELECT rowid FROM ${nameSearchOnly} WHERE ${nameSearchOnly} MATCH @phrase ORDER BY rowid ${descending ? 'DESC' : 'ASC'} ${PAGE_WINDOW}`;
          }
        : null,
    params,
  };
}

/** SQL for the tokens with the ids in @ids (a JSON array), as JSON text, in the array's order. */
export const TOKENS_BY_IDS = `SELECT ${TOKEN_JSON} AS token FROM (
  SELECT tokens.*, page.key AS place FROM json_each(@ids) AS page
  CROSS JOIN tokens ON tokens.id = page.value
) ORDER BY place`;

/**
 * SQLite's LIKE ignores the case of ASCII letters only and compares other characters exactly,
 * which is right when every non-ASCII character of the keyword has no case (Chinese, digits).
 */
function likeFoldsEnough(keyword: string): boolean {
  return [...keyword].every((char) => char <= '\x7f' || char.toLowerCase() === char.toUpperCase());
}

/** Paging is stable because ties are broken by id, in the same direction as the order. */
function orderBy(order: TokenOrder): string {
  const { field, descending } = orderField(order);
  const direction = descending ? 'DESC' : 'ASC';
  if (field === 'id') return `id ${direction}`;
  return `${ORDER_EXPRESSIONS[field]} ${direction}, id ${direction}`;
}

function foldCase(text: string): string {
  return text.toLowerCase();
}

/** Backs NAME_CONTAINS_FUNCTION: JavaScript's case mapping covers all of Unicode, SQLite's only ASCII. */
export function foldedContains(name: string, foldedNeedle: string): number {
  return foldCase(name).includes(foldedNeedle) ? 1 : 0;
}
