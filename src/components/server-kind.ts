import type { ServerKind } from '../api/client';

const NAMES: Record<ServerKind, string> = {
  tokendesk: 'Tokendesk',
  'one-api': 'one-api',
  'new-api': 'new-api',
  litellm: 'LiteLLM',
};

/** A kind of server as its makers write its name. */
export const serverKindName = (kind: ServerKind): string => NAMES[kind];
