import { describe, expect, it } from 'vitest';
import type { Token } from '../../src/contract/token';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../../src/contract/webhook';
import { slackText } from './slack-text';

const NOW = 1_800_000_000;
const token: Token = {
  id: 7,
  name: 'support <bot>',
  key: 'sk12**********ab34',
  status: 1,
  remain_quota: 750_000,
  used_quota: 9_250_000,
  unlimited_quota: false,
  expired_time: NOW + 3 * 86_400,
  created_time: NOW - 86_400,
  accessed_time: NOW,
  models: '',
  subnet: '',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: -1,
  rpm_limit: 0,
  previous_key_valid_until: null,
};
const actor = { id: 3, name: 'Dana', role: 'owner' as const };
const words = { quotaPerUnit: 500_000, inCurrency: true };
const text = (type: WebhookEvent['type'], data: WebhookEvent['data'] = { token, actor }) =>
  slackText({ id: 'evt_1', type, created_at: NOW, data }, words);

describe('the Slack sentence of each event', () => {
  it('names the key, escaped, and says what happened', () => {
    expect(text('token.created')).toBe('Key *support &lt;bot&gt;* was created by Dana.');
    expect(text('token.quota_low', { token })).toBe(
      'Key *support &lt;bot&gt;* is running low on quota ($1.50 of $20.00 left).',
    );
    expect(text('token.exhausted', { token: { ...token, remain_quota: 0 } })).toBe(
      'Key *support &lt;bot&gt;* is out of quota (0 of $18.50 left).',
    );
    expect(text('token.expiring', { token })).toBe(
      `Key *support &lt;bot&gt;* expires on ${new Date((NOW + 3 * 86_400) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC (in 3 days).`,
    );
    expect(text('webhook.test', { actor })).toBe(
      'Test event from Tokendesk, sent by Dana: this endpoint receives its events.',
    );
    expect(
      slackText(
        { id: 'e', type: 'token.refilled', created_at: NOW, data: { token } },
        { ...words, inCurrency: false },
      ),
    ).toBe('Key *support &lt;bot&gt;* was refilled to 750,000 units.');
  });

  it('has a sentence for every event type', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const sentence = text(type);
      expect(sentence, type).toMatch(/\.$/);
      expect(sentence, type).not.toContain(type);
    }
  });
});
