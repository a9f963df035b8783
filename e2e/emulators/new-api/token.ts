/** new-api's token: how a body binds, what it checks, its own fields, field order and masking. */
import { byteLength, type Bound } from '../gateway/go-binding';
import { maskKey } from '../gateway/keys';
import { tokenBodyFields, type TokenDialect } from '../gateway/token-handlers';
import { leadingFields, type NewApiToken } from '../gateway/types';

const NAME_MAX_BYTES = 50;
/** operation_setting.GetMaxUserTokens() default. */
export const MAX_USER_TOKENS = 1000;
/** 1e9 * QuotaPerUnit. */
const MAX_QUOTA = 1_000_000_000 * 500_000;

const MSG_TOKEN = {
  nameTooLong: '令牌名称过长',
  quotaNegative: '额度值不能为负数',
  quotaTooLarge: `额度值超出有效范围，最大值为 ${MAX_QUOTA}`,
  tooManyTokens: `已达到最大令牌数量限制 (${MAX_USER_TOKENS})`,
} as const;

/** Field order of new-api's JSON, with `key` as given. */
function inOrder(token: NewApiToken, key = token.key): NewApiToken {
  return {
    ...leadingFields(token, key),
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits,
    allow_ips: token.allow_ips,
    used_quota: token.used_quota,
    group: token.group,
    cross_group_retry: token.cross_group_retry,
  };
}

/** The token as every answer shows it: key masked; the untagged gorm.DeletedAt as `DeletedAt`. */
export function masked(token: NewApiToken) {
  return { ...inOrder(token, maskKey(token.key)), DeletedAt: null };
}

/** Name, then quota: the checks AddToken and UpdateToken both make first. */
function validate(input: Bound): string | null {
  if (byteLength(input.name as string) > NAME_MAX_BYTES) return MSG_TOKEN.nameTooLong;
  if (!(input.unlimited_quota as boolean)) {
    if ((input.remain_quota as number) < 0) return MSG_TOKEN.quotaNegative;
    if ((input.remain_quota as number) > MAX_QUOTA) return MSG_TOKEN.quotaTooLarge;
  }
  return null;
}

export const newApiDialect: TokenDialect<NewApiToken> = {
  // tokenRequest (model.Token) as Gin binds a request body into it.
  body: {
    struct: 'controller.tokenRequest',
    fields: tokenBodyFields('int', {
      model_limits_enabled: 'bool',
      model_limits: 'string',
      allow_ips: '*string',
      group: 'string',
      cross_group_retry: 'bool',
    }),
  },
  validate,
  refuseCreate: (count) => (count >= MAX_USER_TOKENS ? MSG_TOKEN.tooManyTokens : null),
  ownFields: (input, creating) => {
    const group = input.group as string;
    const allowIps = input.allow_ips as string | null;
    return {
      model_limits_enabled: input.model_limits_enabled as boolean,
      model_limits: input.model_limits as string,
      // The allow_ips column defaults to '' where create leaves it nil.
      allow_ips: creating ? (allowIps ?? '') : allowIps,
      group,
      cross_group_retry: group === 'auto' && (input.cross_group_retry as boolean),
    };
  },
  seedFields: (partial) => ({
    model_limits_enabled: partial.model_limits_enabled ?? false,
    model_limits: partial.model_limits ?? '',
    allow_ips: partial.allow_ips === undefined ? '' : partial.allow_ips,
    group: partial.group ?? '',
    cross_group_retry: partial.cross_group_retry ?? false,
  }),
  copy: (token) => structuredClone(inOrder(token)),
  present: masked,
  // No id, no key: the dashboard has to reload the list to find the new token.
  createAnswersToken: false,
};
