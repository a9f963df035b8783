import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS, type UsageReport } from '../../../src/contract/usage';
import { holdExpired } from '../hold-settlement';
import { keyDigest } from '../key-seal';
import type { ReportOutcome } from '../ports/gateway-calls';
import type { Transaction } from './connection';
import { ID_BY_KEY } from './holds';

type QuotaRow = { id: number; remain_quota: number; used_quota: number };

/** A report's answer, and the hold it found an hour old (counted as unsettled), if any. */
export interface Settled {
  outcome: ReportOutcome;
  unsettled?: { time: number; model: string };
}

/**
 * The difference between the cost ($2) and the hold ($3): used_quota grows by it, and a limited
 * token gets back what the hold took beyond the cost, its units left stopping at 0 (the request
 * was let through, and its cost is owed all the same).
 */
const SETTLE = `UPDATE tokens SET
    remain_quota = CASE WHEN unlimited_quota THEN remain_quota
      ELSE greatest(remain_quota + $3 - $2, 0) END,
    used_quota = greatest(used_quota + $2 - $3, 0)
  WHERE id = $1 RETURNING id, remain_quota, used_quota`;

/**
 * A usage report on PostgreSQL, in one transaction: the token's row locked, the request_id's
 * hold released (waiting for a sweep that holds it, so that a hold is released or swept, never
 * both), the request_id claimed, and the difference between the cost and the hold applied.
 */
export function postgresSettlement(
  transaction: Transaction,
): (report: UsageReport, now: number) => Promise<Settled> {
  return (report, now) =>
    transaction(async (client): Promise<Settled> => {
      const { rows } =
        report.token_id !== undefined
          ? await client.query<QuotaRow>(
              'SELECT id, remain_quota, used_quota FROM tokens WHERE id = $1 FOR UPDATE',
              [report.token_id],
            )
          : await client.query<QuotaRow>(
              `SELECT id, remain_quota, used_quota FROM tokens WHERE id = (${ID_BY_KEY}) FOR UPDATE`,
              [keyDigest(normalizeKey(report.key ?? '')), now],
            );
      const row = rows[0];
      if (!row) return { outcome: null };
      const duplicate = {
        token_id: row.id,
        charged: 0,
        held: 0,
        remain_quota: row.remain_quota,
        used_quota: row.used_quota,
        duplicate: true,
      };
      let held = 0;
      if (report.request_id !== undefined) {
        const { rows: released } = await client.query<{
          held: number;
          time: number;
          model: string;
        }>(
          `DELETE FROM usage_holds WHERE token_id = $1 AND request_id = $2
            RETURNING held, time, model`,
          [row.id, report.request_id],
        );
        // A row only when the request_id is new for the token, or its last report is 24 hours old.
        const claimed = await client.query(
          `INSERT INTO usage_requests (token_id, request_id, time) VALUES ($1, $2, $3)
            ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time
            WHERE usage_requests.time <= $4 RETURNING 1`,
          [row.id, report.request_id, now, now - REQUEST_ID_WINDOW_SECONDS],
        );
        if (claimed.rowCount === 0) return { outcome: duplicate };
        const hold = released[0];
        // An hour old, the hold stands as charged: the report comes too late to change it.
        if (hold && holdExpired(hold.time, now)) {
          return { outcome: duplicate, unsettled: { time: hold.time, model: hold.model } };
        }
        held = hold?.held ?? 0;
      }
      const { rows: settled } = await client.query<QuotaRow>(SETTLE, [row.id, report.quota, held]);
      const after = settled[0]!;
      return {
        outcome: {
          token_id: row.id,
          charged: report.quota,
          held,
          remain_quota: after.remain_quota,
          used_quota: after.used_quota,
          duplicate: false,
        },
      };
    });
}
