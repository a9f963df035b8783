import type { UsageReport, UsageReportResult } from '../../../src/contract/usage';
import type { TokenVerify, VerifyResult } from '../../../src/contract/verify';

/** A usage report's answer; null when no token has the key or id. */
export type ReportOutcome = UsageReportResult | null;

/** What gateways call, on every request they serve. */
export interface GatewayCalls {
  /**
   * A gateway's check of a key, and its charge when the key may pass: the check and the charge
   * are one atomic step, and a charge is on disk before this resolves.
   */
  verify(request: TokenVerify): Promise<VerifyResult>;
  /** Settles what a request really cost; a request_id counts once within 24 hours. */
  report(report: UsageReport): Promise<ReportOutcome>;
  /** Writes the usage figures and last-used times gathered so far (they wait up to a second). */
  flushUsage(): Promise<void>;
}
