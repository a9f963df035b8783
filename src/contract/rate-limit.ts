import { z } from 'zod';

/** Requests per minute a token may make: 0 is no limit. */
export const RPM_MAX = 1_000_000;

const RPM_BOUNDS = `rpm_limit must be a whole number from 0 (no limit) to ${RPM_MAX}`;

export const rpmLimitSchema = z
  .number({ error: RPM_BOUNDS })
  .int({ error: RPM_BOUNDS })
  .min(0, { error: RPM_BOUNDS })
  .max(RPM_MAX, { error: RPM_BOUNDS });

/** The rate limit's window: verifies are counted per minute, aligned to the clock's minutes. */
export const RATE_WINDOW_SECONDS = 60;
