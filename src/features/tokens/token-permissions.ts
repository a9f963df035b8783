import type { Permission } from '../../contract/admin-key';

/** A row's buttons, in their order, each with what the key must be allowed to use it. */
export const ROW_ACTIONS = [
  ['edit', 'tokens.update'],
  ['toggle', 'tokens.update'],
  ['copyKey', 'tokens.reveal'],
  ['delete', 'tokens.delete'],
] as const satisfies ReadonlyArray<readonly [string, Permission]>;
export type RowAction = (typeof ROW_ACTIONS)[number][0];

type May = (permission: Permission) => boolean;

export const allowedRowActions = (may: May): RowAction[] =>
  ROW_ACTIONS.filter(([, permission]) => may(permission)).map(([action]) => action);

/** Tokens are ticked to act on several at once: only a key that may do something to them. */
export const maySelectTokens = (may: May) => may('tokens.update') || may('tokens.delete');
