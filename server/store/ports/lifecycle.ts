/** The store as a whole: whether it answers, and its end. */
export interface LifecyclePort {
  /** Resolves while the engine answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
