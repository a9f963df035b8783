import { parseBoundedInteger } from '../config-values';
import type { GatewayLimits } from './completions';
import { HOLD_WINDOW_SECONDS } from '../../src/contract/verify';

export type GatewayConfig = GatewayLimits;

const MB = 1024 * 1024;
/** A comment on a silent stream this often keeps proxies from closing it. */
const KEEP_ALIVE_MS = 15_000;

type Env = Record<string, string | undefined>;

/**
 * The gateway's limits, from GATEWAY_* variables. A request may last at most as long as a hold
 * stands unsettled, so that no answer can arrive after its hold was counted as unsettled.
 */
export function parseGatewayConfig(env: Env): GatewayConfig {
  const ms = (name: string, fallback: number, max: number) =>
    parseBoundedInteger(env[name], name, { min: 100, max, fallback, unit: 'milliseconds' });
  return {
    bodyBytes: parseBoundedInteger(env.GATEWAY_BODY_LIMIT, 'GATEWAY_BODY_LIMIT', {
      min: 1024,
      max: 100 * MB,
      fallback: 20 * MB,
      unit: 'bytes',
    }),
    timeouts: {
      firstByteMs: ms('GATEWAY_FIRST_BYTE_TIMEOUT_MS', 60_000, 600_000),
      idleMs: ms('GATEWAY_IDLE_TIMEOUT_MS', 60_000, 600_000),
      totalMs: ms('GATEWAY_TOTAL_TIMEOUT_MS', 600_000, HOLD_WINDOW_SECONDS * 1000),
    },
    keepAliveMs: KEEP_ALIVE_MS,
  };
}
