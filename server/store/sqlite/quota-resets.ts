import type Database from 'better-sqlite3';
import { applyResetsSql, resetDue, resetTimes } from '../quota-resets';

export interface SqliteQuotaResets {
  /** Whether any token's reset is due: one look into a partial index. */
  due(now: number): boolean;
  /** Applies the resets due; inside a write transaction. */
  applyDue(now: number): void;
}

export function sqliteQuotaResets(db: Database.Database): SqliteQuotaResets {
  const probe = db
    .prepare<[number], number>(`SELECT 1 FROM tokens WHERE ${resetDue('?')} LIMIT 1`)
    .pluck();
  const apply = db.prepare<[ReturnType<typeof resetTimes>]>(
    applyResetsSql({ now: '@now', daily: '@daily', weekly: '@weekly', monthly: '@monthly' }),
  );
  const due = (now: number) => probe.get(now) !== undefined;
  return {
    due,
    applyDue(now) {
      if (due(now)) apply.run(resetTimes(now));
    },
  };
}
