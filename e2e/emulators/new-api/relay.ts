/** new-api's relay: its refusals' type, the token's model limits when switched on, its words. */
import type { RelayDialect } from '../gateway/relay';
import type { NewApiToken } from '../gateway/types';

export const newApiRelay: RelayDialect<NewApiToken> = {
  errorType: 'new_api_error',
  allowedModels: (token) =>
    token.model_limits_enabled
      ? token.model_limits
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : null,
  modelNotAllowed: (model) => `该令牌无权访问模型 ${model}`,
  // new-api wraps the list in its envelope's success flag.
  modelList: (data) => ({ success: true, data, object: 'list' }),
};
