/**
 * Group commit for the SQLite store; groupCommit, below, says how writes are batched and retried.
 *
 * Every write of the store goes through it: creates, updates and deletes with their audit
 * records (written in the write's own savepoint), a verify's check and charge (one synchronous
 * step, so no two verifies spend the same units), a usage report with its request_id, and the
 * admin keys' writes. Each is answered only once its transaction is on disk (WAL mode,
 * synchronous=FULL), so a crash or a power cut loses nothing acknowledged; only the gateway's own
 * holds and settlements are answered once committed (see WriteTiming). Sharing the disk's
 * sync is what lets one connection acknowledge 3,100 to 3,600 creates and about 13,500 charged
 * verifies a second on the bench's two cores.
 */
import type Database from 'better-sqlite3';
import type { WriteTiming } from '../ports/gateway-calls';

export interface GroupCommit {
  /**
   * Runs `write` (synchronous SQL, on its own a better-sqlite3 transaction function or plain
   * statements) in the next batch, inside a savepoint of the batch's transaction. Resolves with
   * its result once that transaction is committed, and so on disk; rejects with its error, in
   * which case nothing it did is kept.
   */
  run<T>(write: () => T, timing?: WriteTiming): Promise<T>;
  /** Commits what is queued now, without waiting for the next turn of the event loop. */
  flush(): void;
}

interface Job {
  write: () => unknown;
  awaitDisk: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: with synchronous=FULL every commit waits for the disk, and that wait, not the
 * SQL, bounds how many writes a second one connection can make. Writes that arrive together (in
 * the same turn of the event loop) share one transaction and so one sync, and each is answered
 * only after it. Each write runs in a savepoint of its own, so one that fails is undone alone and
 * the others are still committed. Should the transaction as a whole fail (the commit, or an
 * error after which SQLite rolls back everything, such as a full disk), every write of the batch
 * is tried again in a transaction of its own, so none is lost for another's sake.
 */
export function groupCommit(db: Database.Database, afterCommit: () => void): GroupCommit {
  let queue: Job[] = [];
  let scheduled = false;

  const begin = db.prepare('BEGIN IMMEDIATE');
  // Run anew each time: SQLite applies this pragma when it is prepared, not when it is run.
  const syncOnCommit = () => db.exec('PRAGMA synchronous = FULL');
  const noSyncOnCommit = () => db.exec('PRAGMA synchronous = NORMAL');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // Called inside an open transaction, a better-sqlite3 transaction function is a savepoint.
  const inSavepoint = db.transaction((write: () => unknown) => write());

  const attempt = (write: () => unknown): Outcome => {
    try {
      return { ok: true, value: write() };
    } catch (error) {
      return { ok: false, error };
    }
  };

  /** The outcome of each job, or null when the transaction failed as a whole. */
  const runTogether = (jobs: readonly Job[]): Outcome[] | null => {
    const outcomes: Outcome[] = [];
    for (const job of jobs) {
      outcomes.push(attempt(() => inSavepoint(job.write)));
      if (!db.inTransaction) return null;
    }
    try {
      commit.run();
      return outcomes;
    } catch {
      if (db.inTransaction) rollback.run();
      return null;
    }
  };

  const flush = () => {
    scheduled = false;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    // A batch of writes none of which awaits the disk (the gateway's holds and settlements) is
    // committed without a sync: with the sync in their way, a chat's added latency was 1.5 ms at
    // p50 on a quiet machine, and COMMIT two thirds of the service's time under load (CPU profile
    // of `npm run bench -- gateway`). One write that awaits the disk makes the batch wait; in WAL
    // mode its sync makes the batches committed before it durable too.
    const unsynced = jobs.every((job) => !job.awaitDisk);
    if (unsynced) noSyncOnCommit();
    let outcomes: Outcome[] | null;
    try {
      begin.run();
      outcomes = runTogether(jobs);
    } catch (error) {
      // No transaction could start (another process holds the database): nothing ran.
      outcomes = jobs.map(() => ({ ok: false, error }));
    }
    const settled = outcomes ?? jobs.map((job) => attempt(() => inSavepoint.immediate(job.write)));
    if (unsynced) syncOnCommit();
    afterCommit();
    jobs.forEach((job, i) => {
      const outcome = settled[i] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };

  return {
    run<T>(write: () => T, timing?: WriteTiming): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          write,
          awaitDisk: timing?.awaitDisk ?? true,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        if (!scheduled) {
          scheduled = true;
          // After the poll phase: requests whose bodies arrived in this turn join the batch.
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
