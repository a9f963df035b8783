import { describe, expect, it } from 'vitest';
import type { MessageKey } from './en';
import { everyText } from './every-text';
import { issueErrorMap, issueMessage, type IssueMessages } from './form-issues';
import { interpolate, type Params } from './translate';

const messages: IssueMessages<'key' | 'amount'> = {
  key: 'connect.keyRequired',
  amount: { negative: 'form.err.negative', too_big: 'form.err.tooLarge' },
};

describe('the message of a form’s problem', () => {
  it('is the field’s own, or the one for the issue’s code or custom reason', () => {
    expect(issueMessage(messages, { code: 'too_small', path: ['key'] })).toBe(
      'connect.keyRequired',
    );
    expect(issueMessage(messages, { code: 'too_big', path: ['amount'] })).toBe('form.err.tooLarge');
    expect(
      issueMessage(messages, { code: 'custom', path: ['amount'], params: { reason: 'negative' } }),
    ).toBe('form.err.negative');
  });

  it('is none for a field or problem the form does not name', () => {
    expect(issueMessage(messages, { code: 'too_small', path: ['other'] })).toBeUndefined();
    expect(issueMessage(messages, { code: 'custom', path: ['amount'] })).toBeUndefined();
    expect(issueMessage(messages, { code: 'custom', path: [] })).toBeUndefined();
    expect(issueMessage(messages, { code: 'custom', path: ['toString'] })).toBeUndefined();
  });

  it('is told in the reader’s language', () => {
    const chinese = (key: MessageKey, params?: Params) =>
      interpolate(everyText['zh-CN'][key], params);
    const english = (key: MessageKey, params?: Params) => interpolate(everyText.en[key], params);
    const issue = { code: 'too_small', path: ['key'] };
    expect(issueErrorMap(messages, chinese)(issue)).toBe('请输入管理员密钥。');
    expect(issueErrorMap(messages, english)(issue)).toBe('Enter the admin key.');
  });
});
