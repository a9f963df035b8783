import { may } from '../../src/contract/admin-key';
import type { AuditContext } from '../../src/contract/audit';
import { nextResetTime } from '../../src/contract/quota-reset';
import {
  KEY_LENGTH,
  tokenSchema,
  type Token,
  type TokenCreate,
  type TokenUpdate,
} from '../../src/contract/token';
import { isExhausted, isExpired, returnedStatus } from '../../src/contract/token-status';
import { randomBase62 } from '../random-key';
import type { TokenRecordInput } from './ports/token-loading';
import type { UpdateRefusal, UpdateResult } from './ports/tokens';

/** The columns of a token's fields, on both engines; the key has columns of its own. */
export const FIELD_COLUMNS = [
  'name',
  'status',
  'remain_quota',
  'used_quota',
  'unlimited_quota',
  'expired_time',
  'created_time',
  'accessed_time',
  'models',
  'subnet',
  'quota_reset_period',
  'quota_reset_amount',
  'next_reset_time',
  'rpm_limit',
] as const;

/** What the database keeps of a key (key-seal.ts): never the key itself. */
export const KEY_COLUMNS = ['key_digest', 'key_sealed', 'key_masked'] as const;

/** A token's fields but its key; status is only the administrator's switch (1 or 2). */
export type TokenFields = Omit<TokenRecordInput, 'key'> & { id: number };

/**
 * A token as read back from the database, which holds its key only masked (and sealed), and
 * until when the key before its last rotation verifies (0 when it never was rotated).
 */
export type TokenRecord = TokenFields & { key_masked: string; previous_key_valid_until: number };

/** The columns a TokenRecord is read from, on both engines. */
export const RECORD_COLUMNS = `id, ${FIELD_COLUMNS.join(', ')}, key_masked, previous_key_valid_until`;

export function generateTokenKey(): string {
  return randomBase62(KEY_LENGTH);
}

/** A new token's stored fields: a fresh key, switched on, nothing used yet. */
export function newTokenRecord(input: TokenCreate, now: number): TokenRecordInput {
  return {
    ...input,
    key: generateTokenKey(),
    status: 1,
    used_quota: 0,
    created_time: now,
    accessed_time: now,
    next_reset_time: nextResetTime(input.quota_reset_period, now),
  };
}

/**
 * A stored token with an update's fields on top. A new period schedules its first reset from now;
 * the same period sent again keeps the reset already scheduled.
 */
function patchedRecord(stored: TokenRecord, patch: TokenUpdate, now: number): TokenRecord {
  const next: TokenRecord = { ...stored, ...definedFields(patch) };
  if (next.quota_reset_period !== stored.quota_reset_period) {
    next.next_reset_time = nextResetTime(next.quota_reset_period, now);
  }
  return next;
}

/** Only the fields the patch carries, so the rest keep their stored values. */
function definedFields(patch: TokenUpdate): Partial<TokenRecord> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Checked on the record as it would be after the change, so one update can fix and enable. */
function enableRefusal(record: TokenFields, now: number): UpdateRefusal | null {
  if (isExpired(record, now)) return 'expired';
  if (isExhausted(record)) return 'exhausted';
  return null;
}

/**
 * `key` is what the answer shows: the whole key only where the contract says so. A record with
 * no `previous_key_valid_until` (one being created) was never rotated.
 */
export function toToken(
  record: TokenFields & { previous_key_valid_until?: number },
  now: number,
  key: string,
): Token {
  const previousUntil = record.previous_key_valid_until ?? 0;
  // Spelled out: the wire shape is exactly the contract's fields, in the contract's order.
  return {
    id: record.id,
    name: record.name,
    key,
    status: returnedStatus(record, now),
    remain_quota: record.remain_quota,
    used_quota: record.used_quota,
    unlimited_quota: record.unlimited_quota,
    expired_time: record.expired_time,
    created_time: record.created_time,
    accessed_time: record.accessed_time,
    models: record.models,
    subnet: record.subnet,
    quota_reset_period: record.quota_reset_period,
    quota_reset_amount: record.quota_reset_amount,
    next_reset_time: record.next_reset_time,
    rpm_limit: record.rpm_limit,
    // As verify decides it: the previous key works while its end is still ahead.
    previous_key_valid_until: previousUntil > now ? previousUntil : null,
  };
}

/**
 * A token as JSON text made by the database, as toToken() makes it with the key masked: the
 * contract's fields in its order, each its column but where the engine spells it (`spelled`);
 * `build` is the engine's function that makes a JSON object of names and values.
 */
export function tokenJsonSql(
  build: string,
  spelled: { status: string } & Partial<Record<keyof Token, string>>,
): string {
  const columns: Partial<Record<keyof Token, string>> = { key: 'key_masked', ...spelled };
  const fields = Object.keys(tokenSchema.shape) as (keyof Token)[];
  return `${build}(
${fields.map((field) => `  '${field}', ${columns[field] ?? field}`).join(',\n')})`;
}

/**
 * The access field (models, subnet) an update would change although the actor's role may not;
 * null when there is none. Sending a field with its current value changes nothing and is allowed.
 */
function forbiddenAccessChange(
  stored: TokenFields,
  patch: TokenUpdate,
  audit: AuditContext | undefined,
): 'models' | 'subnet' | null {
  if (!audit || may(audit.actor.role, 'tokens.update_access')) return null;
  if (patch.models !== undefined && patch.models !== stored.models) return 'models';
  if (patch.subnet !== undefined && patch.subnet !== stored.subnet) return 'subnet';
  return null;
}

/** An update judged on the stored record: the record it makes, or why it makes none. */
export type JudgedUpdate =
  | { outcome: 'patched'; next: TokenRecord }
  | Extract<UpdateResult, { outcome: 'forbidden' | 'refused' }>;

/**
 * The record an update makes of the stored one, or why it makes none: a field the actor's role
 * may not change, or status 1 (switch on) while the result is expired or exhausted, whether the
 * switch was on already or not. An update that leaves status out keeps the switch, whatever else
 * it changes.
 */
export function judgeUpdate(
  stored: TokenRecord,
  patch: TokenUpdate,
  now: number,
  audit: AuditContext | undefined,
): JudgedUpdate {
  const forbidden = forbiddenAccessChange(stored, patch, audit);
  if (forbidden) return { outcome: 'forbidden', field: forbidden };
  const next = patchedRecord(stored, patch, now);
  if (patch.status === 1) {
    const refusal = enableRefusal(next, now);
    if (refusal) return { outcome: 'refused', reason: refusal };
  }
  return { outcome: 'patched', next };
}
