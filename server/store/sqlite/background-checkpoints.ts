import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the thread looks for new commits to copy; see backgroundCheckpoints. */
export const CHECKPOINT_INTERVAL_MS = 20;
/** The log's length at which the service's own connection copies it, with the thread running. */
export const SERVICE_CHECKPOINT_PAGES = 10_000;

export interface BackgroundCheckpoints {
  /** Ends the thread and closes its connection; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * Checkpoints of the write-ahead log on a thread of their own. Left to itself, SQLite copies the
 * log into the database in the connection whose commit takes the log past 1,000 pages: about
 * 4 MB written and two syncs, during which the service answers nothing. On the gateway bench at
 * 16 connections that pause set the p99 over the bare proxy's at +4.8 to +5.8 ms; with the
 * thread it was +2.8 to +4.0 (docs/performance.md). The thread's own connection copies what was
 * committed every CHECKPOINT_INTERVAL_MS, PASSIVE: it neither waits for the service's writes nor
 * blocks them. Only a commit made after a complete copy starts the log afresh, which under load
 * a copy made beside the commits seldom is; so `db`'s own copying stays, at
 * SERVICE_CHECKPOINT_PAGES, when the thread has copied nearly all of them and little is left to
 * write. Should the thread stop, that keeps the log bounded as well.
 *
 * After a quiet moment the thread has copied the whole log, so the next commit starts it afresh,
 * and SQLite syncs a new log's header before writing to it. Left to the service, that sync fell
 * on the first request after every pause: its hold's commit took 0.43 to 0.53 ms instead of 0.04
 * on the bench's machine, twice in a chat whose upstream took longer than a turn of the thread.
 * So when a turn finds nothing committed since a copy that took the whole log, the thread starts
 * it afresh itself, with a write to the database's log_restarts row.
 */
export function backgroundCheckpoints(
  db: Database.Database,
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): BackgroundCheckpoints {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs },
  });
  db.pragma(`wal_autocheckpoint = ${SERVICE_CHECKPOINT_PAGES}`);
  // The thread never keeps the process alive; the service's own copying goes on without it.
  worker.unref();
  worker.on('error', (error) => console.error('the checkpoint thread stopped:', error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
