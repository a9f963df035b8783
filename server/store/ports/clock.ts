/** The store's own time, for what is computed from it outside the store (a usage range's end). */
export interface ClockPort {
  /** The store's clock, Unix seconds: what it stamps times and meters usage with. */
  now(): number;
}
