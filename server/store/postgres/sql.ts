/** The SQL pieces of the PostgreSQL store: columns, the token as JSON, filters and orders. */
import pg from 'pg';
import { normalizeKey, type TokenOrder, type TokenStatusCode } from '../../../src/contract/token';
import { keyDigest, type KeySeal } from '../key-seal';
import { PG_ORDER_COLUMNS, foldName } from './schema';
import { orderField } from '../token-order';
import {
  FIELD_COLUMNS,
  KEY_COLUMNS,
  RECORD_COLUMNS,
  tokenJsonSql,
  type TokenRecord,
} from '../token-record';
import type { TokenRecordInput } from '../ports/token-loading';
import type { TokenFilterQuery } from '../ports/tokens';

const INT8_OID = 20;
/**
 * 64-bit integers as JavaScript numbers: ids, quotas (at most 10^15) and counts are all below
 * 2^53, so none loses a digit.
 */
export const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text'),
} as pg.CustomTypesConfig;

/** A row as selected: every stored field of a token. */
export type TokenRow = TokenRecord;

export const INSERT_COLUMNS = [...FIELD_COLUMNS, 'name_folded', ...KEY_COLUMNS] as const;
export const COLUMN_TYPES: Record<(typeof INSERT_COLUMNS)[number], string> = {
  name: 'text',
  name_folded: 'text',
  status: 'smallint',
  remain_quota: 'bigint',
  used_quota: 'bigint',
  unlimited_quota: 'boolean',
  expired_time: 'bigint',
  created_time: 'bigint',
  accessed_time: 'bigint',
  models: 'text',
  subnet: 'text',
  quota_reset_period: 'text',
  quota_reset_amount: 'bigint',
  next_reset_time: 'bigint',
  rpm_limit: 'integer',
  key_digest: 'bytea',
  key_sealed: 'bytea',
  key_masked: 'text',
};
export const SELECT_RECORD = RECORD_COLUMNS;

/** Many rows in one statement: one array parameter per column. */
export const INSERT_MANY = `INSERT INTO tokens (${INSERT_COLUMNS.join(', ')})
  SELECT * FROM unnest(${INSERT_COLUMNS.map((column, index) => `$${index + 1}::${COLUMN_TYPES[column]}[]`).join(', ')})`;

/** A record's values in INSERT_COLUMNS's order, its key sealed. */
export function insertValues(record: TokenRecordInput, seal: KeySeal): unknown[] {
  const { digest, sealed, masked } = seal.seal(record.key);
  return [
    ...FIELD_COLUMNS.map((column) => record[column]),
    foldName(record.name),
    digest,
    sealed,
    masked,
  ];
}

/**
 * A token as JSON text, made by PostgreSQL (tokenJsonSql), the returned status spelled in its
 * terms; `now` is the request's clock.
 */
export const tokenJson = (now: string) =>
  `${tokenJsonSql('json_build_object', {
    status: `CASE
    WHEN status = 2 THEN 2
    WHEN expired_time <> -1 AND expired_time <= ${now} THEN 3
    WHEN NOT unlimited_quota AND remain_quota <= 0 THEN 4
    ELSE 1 END`,
    previous_key_valid_until: `CASE
    WHEN previous_key_valid_until > ${now} THEN previous_key_valid_until END`,
  })}::text`;

/** The returned status as SQL, mirroring returnedStatus() in src/contract/token-status.ts. */
export const statusCondition = (status: TokenStatusCode, params: Params): string => {
  if (status === 2) return 'status = 2';
  const now = params.now;
  const notExpired = `(expired_time = -1 OR expired_time > ${now})`;
  switch (status) {
    case 1:
      return `status = 1 AND ${notExpired} AND (unlimited_quota OR remain_quota > 0)`;
    case 3:
      return `status = 1 AND expired_time <> -1 AND expired_time <= ${now}`;
    case 4:
      return `status = 1 AND ${notExpired} AND NOT unlimited_quota AND remain_quota <= 0`;
  }
};

/** Ties are broken by id in the order's direction, so paging is stable. */
export function orderBy(order: TokenOrder): string {
  const { field, descending } = orderField(order);
  const direction = descending ? 'DESC' : 'ASC';
  if (field === 'id') return `id ${direction}`;
  return `${PG_ORDER_COLUMNS[field]} ${direction}, id ${direction}`;
}

/**
 * Positional parameters, numbered as they are added. The request's clock is added once, when
 * first used: PostgreSQL refuses a parameter the statement does not use.
 */
export class Params {
  readonly values: unknown[] = [];
  private nowParam: string | undefined;
  constructor(private readonly nowValue: number) {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  get now(): string {
    this.nowParam ??= this.add(this.nowValue);
    return this.nowParam;
  }
}

/** A keyword with such a run gives pg_trgm a trigram to find its candidates by. */
const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/**
 * The WHERE clause of the filters a list and a summary share. A name is found through the
 * trigram index ('index'), or checked on each token of a walk through an index ('walk'), where
 * strpos() is up to three times faster than LIKE (Chinese names most).
 */
export function tokenFilter(
  query: TokenFilterQuery & { status?: TokenStatusCode },
  params: Params,
  names: 'index' | 'walk' = 'index',
): string {
  const conditions: string[] = [];
  const key = normalizeKey(query.token);
  const keyword = query.keyword.trim();
  // PostgreSQL text cannot hold NUL, and no name or key does: nothing matches.
  if (key.includes('\0') || keyword.includes('\0')) return 'WHERE false';
  if (key !== '') conditions.push(`key_digest = ${params.add(keyDigest(key))}`);
  if (keyword !== '') {
    const folded = foldName(keyword);
    if (names === 'index' && TRIGRAM_WORD.test(folded)) {
      const pattern = `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(`name_folded LIKE ${params.add(pattern)}`);
    } else {
      // pg_trgm takes its trigrams from runs of letters and digits: without a run of three,
      // LIKE reads the whole trigram index (1.1 s at a million tokens), and a plain scan of the
      // names, which strpos() asks for, takes a third of that.
      conditions.push(`strpos(name_folded, ${params.add(folded)}) > 0`);
    }
  }
  if (query.status !== undefined) {
    conditions.push(`(${statusCondition(query.status, params)})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** Records as one array per column, for INSERT_MANY. */
export function insertArrays(records: readonly TokenRecordInput[], seal: KeySeal): unknown[][] {
  const rows = records.map((record) => insertValues(record, seal));
  return INSERT_COLUMNS.map((_, index) => rows.map((row) => row[index]));
}

/**
 * Counts by returned status and the quota left on limited tokens, of those the filter keeps: a
 * pass over the matches (one token for a key, every match of a keyword). Null without a filter:
 * the kept tallies answer (token-tallies.ts).
 */
export function summarySql(filter: TokenFilterQuery, params: Params): string | null {
  const where = tokenFilter(filter, params);
  if (where === '') return null;
  const now = params.now;
  const notExpired = `NOT (expired_time <> -1 AND expired_time <= ${now})`;
  return `SELECT count(*) AS total,
      count(*) FILTER (WHERE status = 2) AS disabled,
      count(*) FILTER (WHERE status = 1 AND expired_time <> -1 AND expired_time <= ${now}) AS expired,
      count(*) FILTER (WHERE status = 1 AND ${notExpired} AND NOT unlimited_quota AND remain_quota <= 0) AS exhausted,
      count(*) FILTER (WHERE unlimited_quota) AS unlimited,
      coalesce(sum(remain_quota) FILTER (WHERE NOT unlimited_quota), 0)::float8 AS remain_quota
    FROM tokens ${where}`;
}
