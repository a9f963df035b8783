import type { LiteLlmKey } from '../../../contract/litellm';
import {
  NEVER,
  type StoredStatus,
  type TokenCreate,
  type TokenWriteField,
} from '../../../contract/token';
import { storedStatus, type TokenEdit, type TpmLimited } from '../../backend';
import { ApiError } from '../../errors';
import { BUDGET_DURATIONS, type LiteLlmToken } from './key-model';

/** What a write is converted with: the units ↔ USD ratio and the clock, in Unix seconds. */
export interface WriteContext {
  ratio: number;
  now: number;
}

/** A write LiteLLM cannot do, refused here before anything is sent, about the field concerned. */
export const refusedHere = (message: string, field: TokenWriteField) =>
  new ApiError('rejected', message, null, message, '', null, field);

export const NO_SUBNET =
  'LiteLLM has no IP ranges per key: leave the allowed IP ranges empty on this server.';
export const REFILL_STAYS =
  'LiteLLM cannot stop a refill once set: choose another period, or keep this one.';

/** Units as USD, without the float noise of the division. */
export const unitsToUsd = (units: number, ratio: number) => Number((units / ratio).toPrecision(12));

/** An expiry as LiteLLM takes it: a duration from now, in seconds ("2592000s"). */
const durationUntil = (expiredTime: number, now: number) => `${Math.max(1, expiredTime - now)}s`;

const modelList = (models: string) =>
  models
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);

/** A key to create, in LiteLLM's words; what it would take as its default is left out. */
export function createBody(input: TokenCreate & TpmLimited, { ratio, now }: WriteContext) {
  if (input.subnet.trim()) throw refusedHere(NO_SUBNET, 'subnet');
  const models = modelList(input.models);
  const tpm = input.tpm_limit ?? 0;
  return {
    key_alias: input.name,
    ...(input.unlimited_quota ? {} : { max_budget: unitsToUsd(input.remain_quota, ratio) }),
    ...(input.expired_time === NEVER ? {} : { duration: durationUntil(input.expired_time, now) }),
    ...(models.length > 0 ? { models } : {}),
    ...(input.rpm_limit > 0 ? { rpm_limit: input.rpm_limit } : {}),
    ...(tpm > 0 ? { tpm_limit: tpm } : {}),
    ...(input.quota_reset_period === 'none'
      ? {}
      : { budget_duration: BUDGET_DURATIONS[input.quota_reset_period] }),
  };
}

/** What an edit asks of a key: the fields to send (null: none), and its switch where it moves. */
export interface KeyChange {
  body: Record<string, unknown> | null;
  status: StoredStatus | null;
}

/**
 * The fields the edit changes, and only those: LiteLLM's /key/update writes every field it is
 * sent, null included, so a field sent as loaded could undo a change made meanwhile elsewhere.
 * The quota left becomes a budget over what was spent; a limit of 0 is none (null).
 */
export function keyChange(
  raw: LiteLlmKey,
  loaded: LiteLlmToken,
  edit: Partial<TokenEdit>,
  { ratio, now }: WriteContext,
): KeyChange {
  const body: Record<string, unknown> = {};
  const moved = <F extends keyof TokenEdit>(field: F) =>
    edit[field] !== undefined && edit[field] !== loaded[field];
  if (moved('name')) body.key_alias = edit.name;
  const unlimited = edit.unlimited_quota ?? loaded.unlimited_quota;
  const remain = edit.remain_quota ?? loaded.remain_quota;
  if (unlimited !== loaded.unlimited_quota || (!unlimited && remain !== loaded.remain_quota)) {
    body.max_budget = unlimited ? null : unitsToUsd(raw.spend * ratio + remain, ratio);
  }
  if (moved('expired_time')) {
    body.duration = edit.expired_time === NEVER ? null : durationUntil(edit.expired_time!, now);
  }
  if (edit.models !== undefined) {
    const models = modelList(edit.models);
    if (models.join(',') !== modelList(loaded.models).join(',')) body.models = models;
  }
  if (edit.subnet !== undefined && modelList(edit.subnet).length > 0) {
    throw refusedHere(NO_SUBNET, 'subnet');
  }
  if (moved('rpm_limit')) body.rpm_limit = edit.rpm_limit || null;
  if (moved('tpm_limit')) body.tpm_limit = edit.tpm_limit || null;
  if (moved('quota_reset_period')) {
    // LiteLLM ignores a budget_duration of null: a refill can change, never stop.
    if (edit.quota_reset_period === 'none') throw refusedHere(REFILL_STAYS, 'quota_reset_period');
    body.budget_duration = BUDGET_DURATIONS[edit.quota_reset_period!];
  }
  const status =
    edit.status !== undefined && edit.status !== storedStatus(loaded) ? edit.status : null;
  return { body: Object.keys(body).length > 0 ? body : null, status };
}
