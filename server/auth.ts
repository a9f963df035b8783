import { hash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { OWNER_IDENTITY, type AdminIdentity } from '../src/contract/admin-key';
import { KEY_REFUSED_MESSAGE, tooManyWrongKeysMessage } from '../src/contract/key-refusals';
import { FailureLimiter, type FailureCounter } from './failure-limiter';
import type { AddressRanges } from './address-ranges';
import { clientAddress } from './http/client-address';
import { ApiError } from './http/failures';
import type { AppContext, AppEnv } from './http/types';
import type { AuditContext } from '../src/contract/audit';

/** Wrong keys an address may send in WINDOW_MS before the next ones get 429. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 60_000;
const MAX_TRACKED_ADDRESSES = 10_000;

export interface AdminAuthOptions {
  adminKey: string;
  /** Milliseconds; the limiter's clock. */
  now: () => number;
  /** Proxies whose X-Forwarded-For names the client; null trusts none. */
  trustedProxies: AddressRanges | null;
  /** Where failures are counted: by default this process; the database when several share it. */
  failures?: FailureCounter;
  /** The stored admin key with this SHA-256 digest, or null. */
  identify: (digest: Buffer) => Promise<AdminIdentity | null>;
}

/**
 * Requires `Authorization: Bearer <admin key>`: ADMIN_KEY (the owner) or a stored admin key,
 * looked up on every request so a revoked one is refused at once on every instance. Sets who is
 * calling and from where (`audit`) for the routes. Messages never repeat what was sent. After
 * MAX_FAILURES wrong or missing keys in a minute, an address gets 429 for its wrong keys until
 * the minute is over. The right key always passes: the limit slows guessing, and an address may
 * be shared (a NAT, a load balancer) by a stranger and the administrators.
 */
export function adminAuth({
  adminKey,
  now,
  trustedProxies,
  failures,
  identify,
}: AdminAuthOptions): MiddlewareHandler<AppEnv> {
  const expected = sha256(adminKey);
  const limiter =
    failures ??
    new FailureLimiter({
      maxFailures: MAX_FAILURES,
      windowMs: WINDOW_MS,
      maxTracked: MAX_TRACKED_ADDRESSES,
      now,
    });

  return async (c, next) => {
    const presented = bearerToken(c.req.header('authorization'));
    const digest = sha256(presented);
    // Comparing digests takes the same time for every input, whatever its length.
    const actor = timingSafeEqual(digest, expected)
      ? OWNER_IDENTITY
      : presented === ''
        ? null
        : await identify(digest);
    if (actor) {
      c.set('audit', new RequestAudit(actor, c, trustedProxies));
      return next();
    }
    const address = clientAddress(c, trustedProxies);
    const waitMs = await limiter.retryAfterMs(address);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new ApiError(429, tooManyWrongKeysMessage(seconds), {
        'Retry-After': String(seconds),
      });
    }
    await limiter.recordFailure(address);
    throw new ApiError(401, KEY_REFUSED_MESSAGE, {
      'WWW-Authenticate': 'Bearer realm="Tokendesk"',
    });
  };
}

/**
 * Who calls and from where. The address only a change's audit record reads: worked out then, not
 * on every read. The getter is the class's: an object literal with a getter of its own, made per
 * request, kept each request's objects alive past the young generation (7 to 15 kB a request under
 * the list's load, collected only by full collections; none with the class).
 */
class RequestAudit implements AuditContext {
  constructor(
    readonly actor: AdminIdentity,
    private readonly c: AppContext,
    private readonly trustedProxies: AddressRanges | null,
  ) {}

  get ip(): string {
    return clientAddress(this.c, this.trustedProxies);
  }
}

function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/** The credential of a Bearer header; '' for none or another scheme, which never matches. */
function bearerToken(header: string | undefined): string {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? '';
}
