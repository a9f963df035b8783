/** one-api's token: how a body binds, what it checks, its own fields and field order. */
import { isIP } from 'node:net';
import { byteLength, type Bound } from '../gateway/go-binding';
import { tokenBodyFields, type TokenDialect } from '../gateway/token-handlers';
import { leadingFields, type OneApiToken } from '../gateway/types';

const NAME_MAX_BYTES = 30;

/** Field order of one-api's JSON. */
function serialize(token: OneApiToken): OneApiToken {
  return {
    ...leadingFields(token),
    used_quota: token.used_quota,
    models: token.models,
    subnet: token.subnet,
  };
}

/** Go's net.ParseCIDR, enough to tell a valid `a.b.c.d/n` or IPv6 `x::/n` from the rest. */
function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const address = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  const version = isIP(address);
  if (version === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** controller.validateToken, whose errors AddToken/UpdateToken prefix with 参数错误：. */
function validate(token: Bound): string | null {
  if (byteLength(token.name as string) > NAME_MAX_BYTES) return '参数错误：令牌名称过长';
  const subnet = token.subnet as string | null;
  if (subnet !== null && subnet !== '') {
    for (const part of subnet.split(',').map((item) => item.trim())) {
      if (!isCidr(part)) {
        return `参数错误：无效的网段：failed to parse subnet: invalid CIDR address: ${part}`;
      }
    }
  }
  return null;
}

export const oneApiDialect: TokenDialect<OneApiToken> = {
  // model.Token as Gin binds a request body into it.
  body: {
    struct: 'model.Token',
    fields: tokenBodyFields('int64', { models: '*string', subnet: '*string' }),
  },
  validate,
  refuseCreate: () => null,
  ownFields: (input, creating) => ({
    models: input.models as string | null,
    // The subnet column defaults to '' where create leaves it nil.
    subnet: creating ? ((input.subnet as string | null) ?? '') : (input.subnet as string | null),
  }),
  seedFields: (partial) => ({
    models: partial.models === undefined ? '' : partial.models,
    subnet: partial.subnet === undefined ? '' : partial.subnet,
  }),
  copy: (token) => structuredClone(serialize(token)),
  present: serialize,
  createAnswersToken: true,
};
