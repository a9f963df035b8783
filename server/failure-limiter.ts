export interface FailureLimiterOptions {
  /** Failures within the window that block further attempts. */
  maxFailures: number;
  windowMs: number;
  /** Addresses remembered at most, so a flood of addresses cannot exhaust memory. */
  maxTracked: number;
  now: () => number;
}

/** What the admin key check asks of a count of failures; the store may keep one shared. */
export interface FailureCounter {
  /** Milliseconds until the address may try again; 0 when it may now. */
  retryAfterMs(address: string): number | Promise<number>;
  recordFailure(address: string): void | Promise<void>;
}

/**
 * Remembers recent failures per client address, in this process. After maxFailures within windowMs, the address
 * is blocked until the oldest of those failures is windowMs old. Blocked attempts are not
 * counted, so the wait ends when it said it would.
 */
export class FailureLimiter implements FailureCounter {
  /** Per address, failure times oldest first, never more than maxFailures. Map order: least recent first. */
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: FailureLimiterOptions) {}

  /** Milliseconds until the address may try again; 0 when it may now. */
  retryAfterMs(address: string): number {
    const recent = this.recent(address);
    const oldest = recent[0];
    if (recent.length < this.options.maxFailures || oldest === undefined) return 0;
    return oldest + this.options.windowMs - this.options.now();
  }

  recordFailure(address: string): void {
    const recent = this.recent(address);
    recent.push(this.options.now());
    if (recent.length > this.options.maxFailures) recent.shift();
    this.failures.delete(address);
    this.failures.set(address, recent);
    if (this.failures.size > this.options.maxTracked) this.forgetStale();
  }

  get trackedAddresses(): number {
    return this.failures.size;
  }

  private recent(address: string): number[] {
    const cutoff = this.options.now() - this.options.windowMs;
    return (this.failures.get(address) ?? []).filter((time) => time > cutoff);
  }

  private forgetStale(): void {
    const cutoff = this.options.now() - this.options.windowMs;
    for (const [address, times] of this.failures) {
      if ((times.at(-1) ?? 0) <= cutoff) this.failures.delete(address);
    }
    // Still too many live addresses: forget the least recently failing ones.
    for (const address of this.failures.keys()) {
      if (this.failures.size <= this.options.maxTracked) break;
      this.failures.delete(address);
    }
  }
}
