import '../../lib/i18n/en-parts';
import type { AdminRole } from '../../contract/admin-key';
import type { AuditAction } from '../../contract/audit';
import type { MessageKey } from '../../lib/i18n/en';

/** Each action as the audit names it: "Created token", "Revealed key". */
export const ACTION_WORDS: Record<AuditAction, MessageKey> = {
  'token.create': 'audit.action.tokenCreate',
  'token.update': 'audit.action.tokenUpdate',
  'token.delete': 'audit.action.tokenDelete',
  'token.reveal': 'audit.action.tokenReveal',
  'token.rotate': 'audit.action.tokenRotate',
  'option.update': 'audit.action.optionUpdate',
  'admin_key.create': 'audit.action.adminKeyCreate',
  'admin_key.delete': 'audit.action.adminKeyDelete',
  'model.create': 'audit.action.modelCreate',
  'model.update': 'audit.action.modelUpdate',
  'model.delete': 'audit.action.modelDelete',
  'webhook.create': 'audit.action.webhookCreate',
  'webhook.update': 'audit.action.webhookUpdate',
  'webhook.delete': 'audit.action.webhookDelete',
  'webhook.rotate': 'audit.action.webhookRotate',
  'webhook.switch_off': 'audit.action.webhookSwitchOff',
};

export const ROLE_WORDS: Record<AdminRole, MessageKey> = {
  owner: 'role.owner',
  operator: 'role.operator',
  viewer: 'role.viewer',
  gateway: 'role.gateway',
};
