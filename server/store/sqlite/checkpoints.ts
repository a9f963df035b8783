import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the write-ahead log is copied back into the database file. */
export const CHECKPOINT_MS = 1000;

/**
 * The checkpointer's own thread: a connection of its own that copies the log every CHECKPOINT_MS,
 * passive, so it never waits for the service's writes nor they for it. Plain CommonJS, as a
 * worker from a string is; better-sqlite3 is found where the service found it.
 */
const CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -256');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * The write-ahead log copied into the database file by a thread of its own instead of by the
 * commit that takes it past 1,000 pages (SQLite's default). That commit held the event loop for
 * the copy and its two disk syncs, about once every hundred gateway chats: one chat at a time in
 * process, a hold with its settlement took 9 to 12 ms at p99 with it, 0.3 to 2.8 ms without; the
 * same copy made by a timer on the event loop once a second held it some 25 ms each time, which
 * under the bench's load at 16 connections set its p99. The thread costs about 15 MB.
 */
export function threadCheckpoints(db: Database.Database): { stop(): Promise<void> } {
  db.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: db.name,
      everyMs: CHECKPOINT_MS,
    },
  });
  worker.unref();
  worker.on('message', (error: string) =>
    console.error('copying the write-ahead log into the database failed:', error),
  );
  worker.on('error', (error) => console.error('the checkpointer stopped:', error));
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      worker.postMessage('stop');
      return ended;
    },
  };
}
