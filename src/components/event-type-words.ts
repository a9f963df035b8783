import '../lib/i18n/en-parts';
import type { WebhookEventType } from '../contract/webhook';
import type { MessageKey } from '../lib/i18n/en';

/** Each event as a person reads it. */
export const EVENT_TYPE_WORDS: Record<WebhookEventType, MessageKey> = {
  'token.created': 'event.created',
  'token.updated': 'event.updated',
  'token.deleted': 'event.deleted',
  'token.rotated': 'event.rotated',
  'token.revealed': 'event.revealed',
  'token.quota_low': 'event.quotaLow',
  'token.exhausted': 'event.exhausted',
  'token.expiring': 'event.expiring',
  'token.expired': 'event.expired',
  'token.refilled': 'event.refilled',
  'webhook.test': 'event.test',
};
