/** The gateways' in-memory rate limiting, and the middleware that answers 429 over it. */
import { writeTooManyRequests } from './gin-answers';
import type { Handler, RequestContext } from './router';
import type { RateLimitOption } from './types';

export interface Limiter {
  /** Counts a request under `key`; false when it is over the limit. */
  take(key: string): boolean;
}

/**
 * The gateways' InMemoryRateLimiter: per key, the times of the last `max` allowed requests;
 * a request is allowed when fewer than `max` are held or the oldest is at least `windowMs`
 * old. Refused requests are not recorded.
 */
class SlidingWindowLimiter implements Limiter {
  private readonly store = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  take(key: string): boolean {
    const at = this.now();
    const queue = this.store.get(key) ?? [];
    this.store.set(key, queue);
    if (queue.length < this.max) {
      queue.push(at);
      return true;
    }
    if (at - (queue[0] as number) >= this.windowMs) {
      queue.shift();
      queue.push(at);
      return true;
    }
    return false;
  }
}

/** A limiter from an option, or one that always allows when the option is `false`. */
export function makeLimiter(
  option: RateLimitOption | undefined,
  fallback: { max: number; windowMs: number },
  now: () => number,
): Limiter {
  if (option === false) return { take: () => true };
  const { max, windowMs } = option ?? fallback;
  return new SlidingWindowLimiter(max, windowMs, now);
}

/**
 * Middleware that answers 429 with no body once `limiter()` refuses the request's key. The
 * limiter is looked up per request, so a reset can swap it.
 */
export function rateLimited(
  limiter: () => Limiter,
  keyOf: (ctx: RequestContext) => string,
): Handler {
  return (ctx) => {
    if (!limiter().take(keyOf(ctx))) writeTooManyRequests(ctx.res);
  };
}
