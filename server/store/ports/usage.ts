import type { UsageFigures, UsageRange } from '../../../src/contract/usage';
import type { UsageSum } from '../usage-meter';

/** The usage figures that verifies and reports add up. */
export interface UsagePort {
  /** The usage figures of one token (null: no such token), or of all tokens. */
  usage(range: UsageRange, tokenId?: number): Promise<UsageFigures | null>;
  /**
   * Adds batches of usage sums as they are, in one transaction: figures of the past, for loading
   * a database to try the usage screens and routes at scale (the seed script). PostgreSQL then
   * vacuums the figures' tables once, as after any bulk load.
   */
  addUsage(batches: Iterable<readonly UsageSum[]>): Promise<void>;
}
