import type { UsageReport, UsageReportResult } from '../../../src/contract/usage';
import type { TokenVerify, VerifyResult } from '../../../src/contract/verify';

/** A usage report's answer; null when no token has the key or id. */
export type ReportOutcome = UsageReportResult | null;

/**
 * What a verify that passes takes: its units, and the output the request may produce (null: no
 * cap).
 */
export interface PlannedCharge {
  cost: number;
  maxOutputTokens: number | null;
}

/**
 * How much to hold, decided inside the key's atomic check from what the key has left. Stated as
 * values for the usual cases, so that a database can apply them in the check itself: `full` from
 * a limited key with at least `full.cost` left, `unlimited` from an unlimited key; `fit` only when
 * a limited key has less left than `full.cost`, null when that cannot pay even for the input and
 * one token of output (the verify answers EXHAUSTED).
 */
export interface HoldPlan {
  full: PlannedCharge;
  unlimited: PlannedCharge;
  fit(remain: number): PlannedCharge | null;
}

/** What the gateway adds to a verify: the cost worked out from the key's remainder. */
export interface HoldTerms {
  /** In place of the request's cost. */
  plan?: HoldPlan;
  /** The model does not exist or is switched off: refused as MODEL_NOT_ALLOWED, in its place. */
  modelUnavailable?: boolean;
  /** false: the charge is answered once committed, without waiting for the disk (see WriteTiming). */
  awaitDisk?: boolean;
  /**
   * The request_id was made for this request just now (the gateway's own), so no hold or report
   * of it can stand yet: SQLite skips looking for one.
   */
  newRequestId?: boolean;
}

/**
 * How long the answer to a write waits. awaitDisk false, for the gateway's own holds and
 * settlements: once committed, not once synced to disk; a killed service keeps the write, a
 * power cut may lose it, which can leave a request uncharged but never charges one twice. A
 * store whose commits are already shared by its instances (PostgreSQL) always waits.
 */
export interface WriteTiming {
  awaitDisk?: boolean;
}

export interface HoldOutcome extends VerifyResult {
  /** Units taken by this verify: held until its request_id is settled, or charged for good. */
  held: number;
  /** The plan's cap on the output; null without a plan, or when none is needed. */
  max_output_tokens: number | null;
  /** The store's clock when it decided, Unix seconds. */
  now: number;
}

/** What gateways call, on every request they serve. */
export interface GatewayCalls {
  /**
   * A gateway's check of a key, and its charge when the key may pass: the check and the charge
   * are one atomic step, and a charge is on disk before this resolves. With a request_id and a
   * cost the charge is a hold, recorded in the same step, that the usage report of that
   * request_id settles (charging the real cost and giving back the rest). A hold never settled
   * stands as charged; after HOLD_WINDOW_SECONDS it is counted as unsettled and its request_id
   * is closed, so a late report cannot charge it again.
   */
  verify(request: TokenVerify, terms?: HoldTerms): Promise<HoldOutcome>;
  /** Settles what a request really cost; a request_id counts once within 24 hours. */
  report(report: UsageReport, timing?: WriteTiming): Promise<ReportOutcome>;
  /** Writes the usage figures and last-used times gathered so far (they wait up to a second). */
  flushUsage(): Promise<void>;
}
