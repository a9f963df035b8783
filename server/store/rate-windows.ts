import { RATE_WINDOW_SECONDS } from '../../src/contract/rate-limit';
import type { RateLimitState } from '../../src/contract/verify';

export const windowStart = (now: number): number =>
  Math.floor(now / RATE_WINDOW_SECONDS) * RATE_WINDOW_SECONDS;

/** A token's window as a verify's answer shows it, from the verifies counted in it. */
export function rateLimitState(limit: number, counted: number, now: number): RateLimitState {
  return {
    limit,
    remaining: Math.max(limit - counted, 0),
    reset_time: windowStart(now) + RATE_WINDOW_SECONDS,
  };
}

/**
 * The VALID verifies of each rate-limited token in the current minute, kept in this process's
 * memory: on SQLite one process serves the database, so its count is the whole count. A restart
 * forgets the minute's counts, which lets at most one minute's worth through again.
 */
export class RateWindows {
  private windows = new Map<number, { start: number; count: number }>();

  counted(id: number, now: number): number {
    const window = this.windows.get(id);
    return window && window.start === windowStart(now) ? window.count : 0;
  }

  /** Counts one verify; how many the window holds now. */
  take(id: number, now: number): number {
    const count = this.counted(id, now) + 1;
    this.windows.set(id, { start: windowStart(now), count });
    return count;
  }

  /** Forgets the windows that have ended, so memory holds only this minute's tokens. */
  forgetEnded(now: number): void {
    const current = windowStart(now);
    for (const [id, window] of this.windows) {
      if (window.start !== current) this.windows.delete(id);
    }
  }
}
