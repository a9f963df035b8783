export interface Settings {
  /** Tokens in the scale database. */
  scaleTokens: number;
  /** Alternated rounds per target in the throughput suite. */
  rounds: number;
  roundSeconds: number;
}

/** What every suite may use; each builds, starts and removes the rest itself. */
export interface BenchContext {
  settings: Settings;
  /** A folder of this run, removed at the end. */
  tempDir: string;
  /** The production build of the dashboard, built on first use. */
  dashboardDir: () => Promise<string>;
  /** Makes sure there is a Chromium, on first use. */
  chromium: () => Promise<void>;
}
