import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { refusalMessage } from '../contract/admin-key';
import { KEY_REFUSED_MESSAGE, tooManyWrongKeysMessage } from '../contract/key-refusals';
import type { MessageKey } from '../lib/i18n/en';
import { everyText } from '../lib/i18n/every-text';
import { MessageError } from '../lib/i18n/message-error';
import { interpolate, type Params } from '../lib/i18n/translate';
import { describeError } from './describe-error';

const english = (key: MessageKey, params?: Params) => interpolate(everyText.en[key], params);
const chinese = (key: MessageKey, params?: Params) => interpolate(everyText['zh-CN'][key], params);

describe('describing failures', () => {
  it('shows the server’s words as they come, with a translation of known ones', () => {
    const error = new ApiError('rejected', 'x', 200, '令牌名称过长', 'gw');
    expect(describeError(error, english)).toBe(
      '令牌名称过长 (The token name is too long for this server.)',
    );
    expect(describeError(error, chinese)).toBe('令牌名称过长');
  });

  it('translates LiteLLM’s English refusals for a Chinese reader, keeping its words', () => {
    const taken = new ApiError(
      'rejected',
      'x',
      400,
      "Key with alias 'bot' already exists. Unique key aliases across all keys are required.",
    );
    expect(describeError(taken, chinese)).toBe(
      "Key with alias 'bot' already exists. Unique key aliases across all keys are required. (已有其他密钥使用这个名称。)",
    );
    expect(describeError(taken, english)).toBe(
      "Key with alias 'bot' already exists. Unique key aliases across all keys are required. (Another key already has this name.)",
    );
  });

  it('leaves unknown server messages alone', () => {
    expect(
      describeError(new ApiError('rejected', 'x', 400, 'name must be 1 to 50 characters'), english),
    ).toBe('name must be 1 to 50 characters');
  });

  it('shows a refusal by role as the service words it', () => {
    const refusal = refusalMessage('operator', 'tokens.delete');
    expect(describeError(new ApiError('rejected', 'x', 403, refusal), english)).toBe(refusal);
  });

  it('says the service’s refusals of a key as a person needs them, not as the API words them', () => {
    const refused = new ApiError('unauthorized', 'x', 401, KEY_REFUSED_MESSAGE, 'host');
    expect(describeError(refused, english)).toBe(
      'The server did not accept this admin key: check it for typos, or ask for a new one if it was revoked.',
    );
    expect(describeError(refused, english)).not.toContain('Authorization');
    const limited = new ApiError('rate-limited', 'x', 429, tooManyWrongKeysMessage(54), 'host');
    expect(describeError(limited, english)).toBe(
      'Too many wrong admin keys were tried from your address. Try again in 54 seconds.',
    );
    expect(describeError(limited, chinese)).toBe(
      '你的地址尝试了过多错误的管理员密钥。请在 54 秒后重试。',
    );
  });

  it('explains failures without a server message in the reader’s language', () => {
    const error = new ApiError('network', 'x', null, '', '127.0.0.1:9');
    expect(describeError(error, english)).toContain('Cannot reach the server at 127.0.0.1:9');
    expect(describeError(error, chinese)).toContain('无法连接到 127.0.0.1:9');
    expect(describeError(new ApiError('rate-limited', 'x', 429, '', 'gw'), english)).toMatch(
      /Too many requests/,
    );
  });

  it('tells our own refusals in the reader’s language, with their figures', () => {
    const error = new MessageError('bulk.err.notEnough', { left: 100, take: 500 });
    expect(describeError(error, english)).toBe('only 100 units left, cannot take 500');
    expect(describeError(error, chinese)).toBe('仅剩 100 额度单位，无法扣减 500');
  });

  it('says which limit a 429 reached when the route has its own: searches, revealed keys', () => {
    const search = new ApiError('rate-limited', 'x', 429, '', 'gw', 'search');
    expect(describeError(search, english)).toBe(
      'The server limits how often one may search: wait a moment, then search again.',
    );
    expect(describeError(search, chinese)).toBe('服务器限制了搜索的频率：请稍等片刻再搜索。');
    const reveal = new ApiError('rate-limited', 'x', 429, '', 'gw', 'reveal');
    expect(describeError(reveal, english)).toBe(
      'The server limits how many keys can be revealed: try again later.',
    );
    expect(describeError(reveal, chinese)).toBe('服务器限制了可查看完整密钥的次数：请稍后再试。');
    const worded = new ApiError('rate-limited', 'x', 429, 'slow down', 'gw', 'reveal');
    expect(describeError(worded, english)).toBe(
      'slow down (The server limits how many keys can be revealed: try again later.)',
    );
  });
});
