import { tokenJsonSql } from '../token-record';

/**
 * A token as JSON text, made by SQLite (tokenJsonSql): one value per row to hand to JavaScript,
 * instead of twelve, and no object to build and serialise. The returned status and the boolean
 * are spelled in SQLite's terms, as of `now` (SQL).
 */
export const tokenJsonAt = (now: string) =>
  tokenJsonSql('json_object', {
    status: `CASE
    WHEN status = 2 THEN 2
    WHEN expired_time <> -1 AND expired_time <= ${now} THEN 3
    WHEN unlimited_quota = 0 AND remain_quota = 0 THEN 4
    ELSE 1 END`,
    unlimited_quota: `CASE WHEN unlimited_quota = 1 THEN json('true') ELSE json('false') END`,
    previous_key_valid_until: `CASE
    WHEN previous_key_valid_until > ${now} THEN previous_key_valid_until END`,
  });
