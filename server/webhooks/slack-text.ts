import type { Token } from '../../src/contract/token';
import type { WebhookEvent } from '../../src/contract/webhook';

/** How quota is told: in dollars at QuotaPerUnit units each, or in units. */
export interface QuotaWords {
  quotaPerUnit: number;
  inCurrency: boolean;
}

/** Slack reads &, < and > as markup: they are escaped, so a name shows as typed. */
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const amount = (units: number, words: QuotaWords) =>
  words.inCurrency
    ? `$${(units / words.quotaPerUnit).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : `${units.toLocaleString('en-US')} units`;

/** What a limited token's budget is: its refill amount when it refills, else what it started with. */
const budget = (token: Token) =>
  token.quota_reset_period !== 'none'
    ? token.quota_reset_amount
    : token.remain_quota + token.used_quota;

const day = (seconds: number) =>
  `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const inDays = (seconds: number, now: number) => {
  const days = Math.max(0, Math.round((seconds - now) / 86_400));
  return days === 1 ? 'in 1 day' : `in ${days} days`;
};

/**
 * The event as one sentence for a Slack-compatible incoming webhook (format "slack"):
 * "Key *support-bot* is out of quota (0 of $20.00 left)".
 */
export function slackText(event: WebhookEvent, words: QuotaWords): string {
  const { token, actor } = event.data;
  if (event.type === 'webhook.test') {
    return `Test event from Tokendesk${actor ? `, sent by ${escaped(actor.name)}` : ''}: this endpoint receives its events.`;
  }
  if (!token) return `Tokendesk: ${event.type}`;
  const key = `Key *${escaped(token.name)}*`;
  const by = actor ? ` by ${escaped(actor.name)}` : '';
  switch (event.type) {
    case 'token.created':
      return `${key} was created${by}.`;
    case 'token.updated':
      return `${key} was changed${by}.`;
    case 'token.deleted':
      return `${key} was deleted${by}.`;
    case 'token.rotated':
      return `${key} was given a new key${by}.`;
    case 'token.revealed':
      return `${key} was revealed${by}.`;
    case 'token.quota_low':
      return `${key} is running low on quota (${amount(token.remain_quota, words)} of ${amount(budget(token), words)} left).`;
    case 'token.exhausted':
      return `${key} is out of quota (0 of ${amount(budget(token), words)} left).`;
    case 'token.expiring':
      return `${key} expires on ${day(token.expired_time)} (${inDays(token.expired_time, event.created_at)}).`;
    case 'token.expired':
      return `${key} expired on ${day(token.expired_time)}.`;
    case 'token.refilled':
      return `${key} was refilled to ${amount(token.remain_quota, words)}.`;
  }
}
