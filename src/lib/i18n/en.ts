import type { enConnect } from './en-connect';
import type { enExplorer } from './en-explorer';
import type { enModels } from './en-models';
import type { enParts } from './en-parts';
import type { enSignedIn } from './en-signed-in';
import type { enTryIt } from './en-try-it';
import type { enWebhooks } from './en-webhooks';

/**
 * The English texts the page's entry holds: those both first screens show, and those whose key
 * is put together as the page runs. With the signed-in app's (en-signed-in.ts), the connect
 * screen's (en-connect.ts) and the parts' (en-parts.ts), which come with the code that shows
 * them, they make the catalogue: the reference, every other language has exactly its keys. Some
 * parts have texts of their own in every language (sections.ts), in files beside this one.
 */
export const en = {
  'app.name': 'Tokendesk',
  'app.loading': 'Loading…',
  'role.owner': 'Owner',
  'role.operator': 'Operator',
  'role.viewer': 'Viewer',
  'role.gateway': 'Gateway',
  'role.may.owner': 'May do everything, admin keys and options included.',
  'role.may.operator':
    'May read tokens, usage and the audit, and change names, quotas, expiry, status, refills and rate limits.',
  'role.may.viewer': 'May read tokens (keys masked), usage and the audit.',
  'role.may.gateway': 'May verify keys and report usage, for a gateway; not use the dashboard.',

  'lifecycle.mark.daily': 'Refills daily',
  'lifecycle.mark.weekly': 'Refills weekly',
  'lifecycle.mark.monthly': 'Refills monthly',

  'tokens.create': 'Create token',
  'tokens.retry': 'Retry',

  'status.1': 'Enabled',
  'status.2': 'Disabled',
  'status.3': 'Expired',
  'status.4': 'Exhausted',

  'bulk.confirm.enable': 'Enable {count} selected tokens?',
  'bulk.confirm.disable':
    'Disable {count} selected tokens? Applications using them will be refused.',
  'bulk.confirm.delete':
    'Delete {count} selected tokens? Applications using them will be refused at once. This cannot be undone.',
  'bulk.confirm.set-quota': 'Set the remaining quota of {count} selected tokens to:',
  'bulk.confirm.add-quota':
    'Add to (or, with a minus sign, take from) the remaining quota of {count} selected tokens:',
  'bulk.confirm.set-expiry': 'Set when {count} selected tokens expire:',
  'bulk.confirm.set-lifecycle':
    'Set the refill or the rate limit of {count} selected tokens. What you leave unchanged stays as each token has it.',
  'bulk.done.enable': 'Enabled {tokens}.',
  'bulk.done.disable': 'Disabled {tokens}.',
  'bulk.done.delete': 'Deleted {tokens}.',
  'bulk.done.set-quota': 'Set the quota of {tokens}.',
  'bulk.done.add-quota': 'Changed the quota of {tokens}.',
  'bulk.done.set-expiry': 'Set the expiry of {tokens}.',
  'bulk.done.set-lifecycle': 'Set the refills and rate limit of {tokens}.',
  'error.network':
    'Cannot reach the server at {host}. Check that it is running and that the address is right.',
  'error.blocked':
    'This page may only connect to the server it came from, not to {host}. Open the dashboard served by that server, or run this one in proxy mode (UPSTREAM_URL).',
  'error.timeout': 'The server at {host} did not answer within {seconds} seconds.',
  'error.invalidResponse':
    'The server at {host} answered with something that is not a token API response (HTTP {status}): a proxy in front of it may be failing, or the address is wrong.',
  'error.server': 'The server at {host} failed (HTTP {status}). Try again shortly.',
  'error.rejected': 'The server at {host} refused the request (HTTP {status}).',
  'error.unauthorized': 'The admin key was rejected.',
  'error.keyRefused':
    'The server did not accept this admin key: check it for typos, or ask for a new one if it was revoked.',
  'error.tooManyWrongKeys':
    'Too many wrong admin keys were tried from your address. Try again in {seconds} seconds.',
  'error.rateLimited': 'Too many requests: wait a minute, then try again.',
  'error.searchLimited':
    'The server limits how often one may search: wait a moment, then search again.',
  'error.revealLimited': 'The server limits how many keys can be revealed: try again later.',
  'upstream.nameTooLong': 'The token name is too long for this server.',
  'upstream.expired': 'The token has expired: change its expiry before enabling it.',
  'upstream.exhausted':
    "The token's quota is used up: add quota or make it unlimited before enabling it.",
  'upstream.badKey': 'The admin key (access token) is not valid on this server.',
  'upstream.userHeader':
    'This server needs your user ID: enter it under Advanced on the connect screen.',
  'upstream.forbidden': 'The key has no permission for this.',
  'upstream.rateLimited': 'The server limits how often this can be done: wait, then try again.',
  'upstream.notFound': 'No such token: it may have been deleted.',
  'upstream.negativeQuota': 'The quota cannot be negative.',
  'lazy.failedTitle': 'This part of the dashboard could not be loaded',
  'lazy.failedBody': 'The server did not send it. Check that it is running, then try again.',
  'error.unknown': 'Something went wrong: {message}',
  'usage.range.24h': '24 hours',
  'usage.range.7d': '7 days',
  'usage.range.30d': '30 days',
  'usage.range.90d': '90 days',
  'usage.code.NOT_FOUND': 'Unknown key',
  'usage.code.DISABLED': 'Token disabled',
  'usage.code.EXPIRED': 'Token expired',
  'usage.code.MODEL_NOT_ALLOWED': 'Model not allowed',
  'usage.code.IP_NOT_ALLOWED': 'Address not allowed',
  'usage.code.RATE_LIMITED': 'Over the rate limit',
  'usage.code.EXHAUSTED': 'Out of quota',
  'details.period.daily': 'Daily',
  'details.period.weekly': 'Weekly (Mondays)',
  'details.period.monthly': 'Monthly (on the 1st)',
  'rotate.grace.now': 'No: stop it now',
  'rotate.grace.hour': 'For 1 hour',
  'rotate.grace.day': 'For 24 hours',
  'rotate.grace.week': 'For 7 days',
  'litellm.reveal':
    'LiteLLM keeps only a hash of each key: the whole key is shown once, when the token is created.',
  'litellm.subnet': 'LiteLLM has no IP ranges per key: any address may use it.',
  'litellm.refillStays':
    'LiteLLM cannot stop a refill once set: choose another period, or keep this one.',
  'litellm.aliasTaken': 'Another key already has this name.',
  'litellm.badKey': 'LiteLLM refused this key: paste its master key, or an admin’s key.',
} as const;

/** A key of the entry's catalogue. */
export type EntryKey = keyof typeof en;
/** A key of the catalogue, whose English texts come in four files. */
export type CatalogueKey =
  EntryKey | keyof typeof enSignedIn | keyof typeof enConnect | keyof typeof enParts;
/** A key of the catalogue or of a part's own texts. */
export type MessageKey =
  | CatalogueKey
  | keyof typeof enExplorer
  | keyof typeof enModels
  | keyof typeof enTryIt
  | keyof typeof enWebhooks;
export type Messages = Record<CatalogueKey, string>;
