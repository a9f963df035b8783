import { KEY_LENGTH, maskKey, type Token, type TokenCreate } from '../../src/contract/token';
import { isExhausted, isExpired, returnedStatus } from '../../src/contract/token-status';
import { randomBase62 } from '../random-key';
import type { TokenRecordInput, UpdateRefusal } from './token-store';

/** A token as stored: status is only the administrator's switch (1 or 2). */
export interface TokenRecord extends TokenRecordInput {
  id: number;
}

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
  };
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Checked on the record as it would be after the change, so one update can fix and enable. */
export function enableRefusal(record: TokenRecord, now: number): UpdateRefusal | null {
  if (isExpired(record, now)) return 'expired';
  if (isExhausted(record)) return 'exhausted';
  return null;
}

export function toToken(record: TokenRecord, now: number, key: 'whole' | 'masked'): Token {
  // Spelled out: the wire shape is exactly the contract's fields, in the contract's order.
  return {
    id: record.id,
    name: record.name,
    key: key === 'whole' ? record.key : maskKey(record.key),
    status: returnedStatus(record, now),
    remain_quota: record.remain_quota,
    used_quota: record.used_quota,
    unlimited_quota: record.unlimited_quota,
    expired_time: record.expired_time,
    created_time: record.created_time,
    accessed_time: record.accessed_time,
    models: record.models,
    subnet: record.subnet,
  };
}
