import type Database from 'better-sqlite3';
import { REQUEST_ID_WINDOW_SECONDS } from '../../../src/contract/usage';
import { HOLD_SWEEP_BATCH, sweptBefore } from '../hold-settlement';
import { UNSETTLED, UsageMeter, type UsageSum } from '../usage-meter';

type Named = { token_id: number; request_id: string };

/**
 * The holds on SQLite, each statement run inside a write of the group commit: the hold of a
 * verify in the step that charges it, its release in the report that settles it, and the sweep
 * of holds an hour old in the periodic write.
 */
export function sqliteHolds(db: Database.Database) {
  const statements = {
    // Its hold stands, or its report came within 24 hours: the request was charged already.
    standing: db
      .prepare<Named & { since: number }, number>(
        `SELECT 1 FROM usage_holds WHERE token_id = @token_id AND request_id = @request_id
        UNION ALL SELECT 1 FROM usage_requests
          WHERE token_id = @token_id AND request_id = @request_id AND time > @since
        LIMIT 1`,
      )
      .pluck(),
    hold: db.prepare<Named & { held: number; time: number; model: string }>(
      `INSERT INTO usage_holds (token_id, request_id, held, time, model)
        VALUES (@token_id, @request_id, @held, @time, @model)`,
    ),
    release: db.prepare<Named, { held: number; time: number; model: string }>(
      `DELETE FROM usage_holds WHERE token_id = @token_id AND request_id = @request_id
        RETURNING held, time, model`,
    ),
    due: db.prepare<[number], number>('SELECT 1 FROM usage_holds WHERE time <= ? LIMIT 1').pluck(),
    sweep: db.prepare<[number, number], Named & { time: number; model: string }>(
      `DELETE FROM usage_holds WHERE (token_id, request_id) IN (
          SELECT token_id, request_id FROM usage_holds WHERE time <= ? ORDER BY time LIMIT ?)
        RETURNING token_id, request_id, time, model`,
    ),
    // A late report of the request_id is then a duplicate, and charges nothing.
    close: db.prepare<Named & { time: number }>(
      `INSERT INTO usage_requests (token_id, request_id, time)
        VALUES (@token_id, @request_id, @time)
        ON CONFLICT (token_id, request_id) DO UPDATE SET time = excluded.time`,
    ),
  };

  return {
    standing: (tokenId: number, requestId: string, now: number) =>
      statements.standing.get({
        token_id: tokenId,
        request_id: requestId,
        since: now - REQUEST_ID_WINDOW_SECONDS,
      }) !== undefined,

    hold(tokenId: number, requestId: string, held: number, now: number, model: string) {
      statements.hold.run({ token_id: tokenId, request_id: requestId, held, time: now, model });
    },

    /** The hold of a request_id, deleted; undefined when there is none. */
    release: (tokenId: number, requestId: string) =>
      statements.release.get({ token_id: tokenId, request_id: requestId }),

    /** Whether a hold is an hour old at `now`: a read, outside any write. */
    due: (now: number) => statements.due.get(sweptBefore(now)) !== undefined,

    /**
     * The oldest holds an hour old at `now`, deleted, their request_ids closed; the UNSETTLED
     * sums that count them, at the hour of each hold.
     */
    sweep(now: number): UsageSum[] {
      const counted = new UsageMeter();
      for (const hold of statements.sweep.all(sweptBefore(now), HOLD_SWEEP_BATCH)) {
        statements.close.run({ token_id: hold.token_id, request_id: hold.request_id, time: now });
        counted.add(hold.token_id, hold.time, hold.model, UNSETTLED, 0);
      }
      return counted.take();
    },
  };
}

export type SqliteHolds = ReturnType<typeof sqliteHolds>;
