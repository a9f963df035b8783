import type { TokenBackend } from '../backend';

/**
 * What one-api and new-api offer, stated apart from their code: the signed-in app holds these
 * and fetches the rest on first use (gateway-shell.ts).
 */
export const GATEWAY_OFFERS = {
  // Neither gateway has refills, rate limits per token or rotation.
  lifecycleMissing: 'gateway',
  unavailable: [],
  tpmLimits: false,
  rotate: null,
  // The gateways record no changes: the audit is this service's own.
  audit: null,
  adminKeys: null,
  // Both manage their models (channels) themselves, with no API for this dashboard's screen.
  models: null,
  webhooks: null,
} as const satisfies Partial<TokenBackend>;

/** new-api allows 10 searches a minute: wait until typing pauses, so a word costs one. */
const NEW_API_SEARCH_DELAY_MS = 500;

/** What differs between the two: their pages, their searches and whether they delete in batches. */
export const DIALECT_OFFERS = {
  'one-api': {
    kind: 'one-api',
    pageSizes: null,
    // Searches run here over the tokens already fetched: typing costs no requests.
    searchDelayMs: 0,
    batchDelete: false,
  },
  'new-api': {
    kind: 'new-api',
    pageSizes: [10, 20, 50, 100],
    searchDelayMs: NEW_API_SEARCH_DELAY_MS,
    batchDelete: true,
  },
} as const;

export type GatewayKind = keyof typeof DIALECT_OFFERS;
