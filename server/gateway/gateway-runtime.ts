import type { GatewayLimits } from './completions';
import { UpstreamPool } from './upstream';

/**
 * What the gateway keeps while it runs: its connections to the upstreams, its limits, and the
 * settlements not yet written, which a shutdown waits for, so that a request answered before a
 * restart is settled rather than left standing as a hold.
 */
export class GatewayRuntime {
  readonly pool: UpstreamPool;
  private readonly settling = new Set<Promise<unknown>>();

  constructor(readonly limits: GatewayLimits) {
    this.pool = new UpstreamPool(limits.timeouts.firstByteMs);
  }

  /** Keeps track of a settlement until it is written. */
  track(settlement: Promise<unknown>): void {
    this.settling.add(settlement);
    void settlement.finally(() => this.settling.delete(settlement));
  }

  /** Resolves once every settlement begun so far is written. */
  async settled(): Promise<void> {
    while (this.settling.size > 0) await Promise.allSettled([...this.settling]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.pool.close();
  }
}
