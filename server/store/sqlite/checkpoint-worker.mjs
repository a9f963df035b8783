// The body of the service's checkpoint thread (background-checkpoints.ts says why it exists).
// Plain JavaScript: a worker thread runs its file as Node finds it, built or not.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new Database(file, { fileMustExist: true });
// Copying pages from the log to the database needs no cache of its own to speak of.
db.pragma('cache_size = -1024');
const changes = db.prepare('PRAGMA data_version').pluck();
// PASSIVE: copies what it can without waiting for, or blocking, the service's connection.
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

// None seen yet: what was committed before the thread started is copied at its first turn.
let seen = null;
const timer = setInterval(() => {
  const version = changes.get();
  if (version === seen) return;
  seen = version;
  try {
    checkpoint.run();
  } catch (error) {
    // A busy or locked database is tried again at the next turn; anything else is reported.
    if (!/BUSY|LOCKED/.test(String(error?.code))) throw error;
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
