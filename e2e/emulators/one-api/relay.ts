/** one-api's relay: its refusals' type, the token's `models` allow-list, and its words. */
import type { RelayDialect } from '../gateway/relay';
import type { OneApiToken } from '../gateway/types';

const listed = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

export const oneApiRelay: RelayDialect<OneApiToken> = {
  errorType: 'one_api_error',
  allowedModels: (token) => {
    const models = listed(token.models);
    return models.length > 0 ? models : null;
  },
  modelNotAllowed: (model) => `该令牌无权使用模型：${model}`,
  modelList: (data) => ({ object: 'list', data }),
};
