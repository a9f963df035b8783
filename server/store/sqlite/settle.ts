import type Database from 'better-sqlite3';
import { normalizeKey } from '../../../src/contract/token';
import { REQUEST_ID_WINDOW_SECONDS, type UsageReport } from '../../../src/contract/usage';
import { holdExpired, settledFigures } from '../hold-settlement';
import { isResetDue } from '../quota-resets';
import { keyDigest } from '../key-seal';
import type { ReportOutcome } from '../ports/gateway-calls';
import { REPORTED, UNSETTLED, tokensOf, type UsageMeter } from '../usage-meter';
import type { SqliteHolds } from './holds';
import type { SqliteQuotaResets } from './quota-resets';

type QuotaRow = {
  id: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: number;
  next_reset_time: number;
};

/**
 * A usage report on SQLite, run inside a write of the group commit: its token's refill first,
 * when one is due (read from its row, rather than a look for any token's),
 * then the release of the request_id's hold, the claim of the request_id, and the difference
 * between the cost and the hold, in one step.
 */
export function sqliteSettlement(
  db: Database.Database,
  resets: SqliteQuotaResets,
  holds: SqliteHolds,
  meter: UsageMeter,
): (report: UsageReport, now: number) => ReportOutcome {
  const columns = 'id, remain_quota, used_quota, unlimited_quota, next_reset_time';
  const statements = {
    byDigest: db.prepare<[Buffer], QuotaRow>(`SELECT ${columns} FROM tokens WHERE key_digest = ?`),
    byPreviousDigest: db.prepare<[Buffer, number], QuotaRow>(
      `SELECT ${columns} FROM tokens WHERE previous_key_digest = ? AND previous_key_valid_until > ?`,
    ),
    byId: db.prepare<[number], QuotaRow>(`SELECT ${columns} FROM tokens WHERE id = ?`),
    settle: db.prepare<[number, number, number]>(
      'UPDATE tokens SET remain_quota = ?, used_quota = ? WHERE id = ?',
    ),
    // A row only when the request_id is new for the token, or its last report is 24 hours old.
    claimRequest: db.prepare<[number, string, number, number]>(
      `INSERT INTO usage_requests (token_id, request_id, time) VALUES (?, ?, ?)
        ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time
        WHERE usage_requests.time <= ?`,
    ),
  };

  const find = (report: UsageReport, now: number) => {
    if (report.token_id !== undefined) return statements.byId.get(report.token_id);
    const digest = keyDigest(normalizeKey(report.key ?? ''));
    return statements.byDigest.get(digest) ?? statements.byPreviousDigest.get(digest, now);
  };

  return (report, now) => {
    let row = find(report, now);
    if (row && isResetDue(row, now)) {
      resets.applyDue(now);
      row = find(report, now);
    }
    if (!row) return null;
    const figures = { remain_quota: row.remain_quota, used_quota: row.used_quota };
    const duplicate = { token_id: row.id, charged: 0, held: 0, ...figures, duplicate: true };
    let held = 0;
    if (report.request_id !== undefined) {
      const hold = holds.release(row.id, report.request_id);
      const claimed = statements.claimRequest.run(
        row.id,
        report.request_id,
        now,
        now - REQUEST_ID_WINDOW_SECONDS,
      );
      if (claimed.changes === 0) return duplicate;
      // An hour old, the hold stands as charged: the report comes too late to change it.
      if (hold && holdExpired(hold.time, now)) {
        meter.add(row.id, hold.time, hold.model, UNSETTLED, 0);
        return duplicate;
      }
      held = hold?.held ?? 0;
    }
    const settled = settledFigures(
      { ...figures, unlimited_quota: row.unlimited_quota === 1 },
      report.quota,
      held,
    );
    statements.settle.run(settled.remain_quota, settled.used_quota, row.id);
    // What the hold's verify counted and this add up to the request's cost.
    meter.add(row.id, now, report.model ?? '', REPORTED, report.quota - held, tokensOf(report));
    return { token_id: row.id, charged: report.quota, held, ...settled, duplicate: false };
  };
}
