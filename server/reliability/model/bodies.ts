import { field, has } from './outcomes';
import {
  NEVER,
  isBoolean,
  isWrittenStatus,
  validExpiry,
  validId,
  validListText,
  validName,
  validPeriod,
  validQuota,
  validRpm,
  validSubnet,
} from './rules';
import type { ModelToken } from './token-model';

/** The names of the fields that break a rule. */
type Problems = { problems: string[] };

type CreateFields = Pick<
  ModelToken,
  | 'name'
  | 'remain_quota'
  | 'expired_time'
  | 'unlimited_quota'
  | 'models'
  | 'subnet'
  | 'quota_reset_period'
  | 'quota_reset_amount'
  | 'rpm_limit'
>;

/** A create's fields, the ones left out at their defaults; or the fields that break a rule. */
export function createFields(input: object): { fields: CreateFields } | Problems {
  const problems: string[] = [];
  const name = validName(field(input, 'name'));
  if (name === null) problems.push('name');
  const optional = <T>(name: string, valid: (value: unknown) => value is T, fallback: T): T => {
    if (!has(input, name)) return fallback;
    const value = field(input, name);
    if (valid(value)) return value;
    problems.push(name);
    return fallback;
  };
  const remain_quota = optional('remain_quota', validQuota, 0);
  const expired_time = optional('expired_time', validExpiry, NEVER);
  const unlimited_quota = optional('unlimited_quota', isBoolean, false);
  const models = optional('models', validListText, '');
  const subnet = optional('subnet', validSubnet, '');
  const quota_reset_period = optional('quota_reset_period', validPeriod, 'none');
  const quota_reset_amount = optional('quota_reset_amount', validQuota, 0);
  const rpm_limit = optional('rpm_limit', validRpm, 0);
  if (problems.length > 0 || name === null) return { problems };
  return {
    fields: {
      name,
      remain_quota,
      expired_time,
      unlimited_quota,
      models,
      subnet,
      quota_reset_period,
      quota_reset_amount,
      rpm_limit,
    },
  };
}

const PATCHABLE: [keyof ModelToken, (value: unknown) => boolean][] = [
  ['name', (value) => validName(value) !== null],
  ['remain_quota', validQuota],
  ['expired_time', validExpiry],
  ['unlimited_quota', isBoolean],
  ['status', isWrittenStatus],
  ['models', validListText],
  ['subnet', validSubnet],
  ['quota_reset_period', validPeriod],
  ['quota_reset_amount', validQuota],
  ['rpm_limit', validRpm],
];

/** An update's id and the fields it changes; or the fields that break a rule. */
export function updatePatch(
  input: object,
  statusOnly: boolean,
): { id: number; patch: Partial<ModelToken> } | Problems {
  const problems: string[] = [];
  const id = field(input, 'id');
  if (!validId(id)) problems.push('id');
  const patch: Partial<ModelToken> = {};
  const take = (name: keyof ModelToken, valid: (value: unknown) => boolean, value: unknown) => {
    if (valid(value)) Object.assign(patch, { [name]: value });
    else problems.push(name);
  };
  if (statusOnly) {
    // The status-only form reads id and status and nothing else.
    take('status', isWrittenStatus, field(input, 'status'));
  } else {
    for (const [name, valid] of PATCHABLE) {
      if (has(input, name)) take(name, valid, field(input, name));
    }
    if (patch.name !== undefined) patch.name = patch.name.trim();
  }
  if (problems.length > 0 || !validId(id)) return { problems };
  return { id, patch };
}
