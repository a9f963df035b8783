/**
 * The events of changes to tokens, made by each engine's trigger on the audit from its records
 * (sqlite/webhook-schema.ts, postgres/webhook-schema.ts).
 */

/** The change events the audit's trigger makes, by the audit's action. */
export const CHANGE_EVENTS = {
  'token.create': 'token.created',
  'token.update': 'token.updated',
  'token.delete': 'token.deleted',
  'token.rotate': 'token.rotated',
  'token.reveal': 'token.revealed',
} as const;

/** SQL: the event type of the audit action `action`. */
export const changeEventType = (action: string) =>
  `CASE ${action} ${Object.entries(CHANGE_EVENTS)
    .map(([from, to]) => `WHEN '${from}' THEN '${to}'`)
    .join(' ')} END`;

export const CHANGE_ACTIONS = Object.keys(CHANGE_EVENTS)
  .map((action) => `'${action}'`)
  .join(', ');
