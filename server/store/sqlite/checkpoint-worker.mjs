// The body of the service's checkpoint thread (background-checkpoints.ts says why it exists).
// Plain JavaScript: a worker thread runs its file as Node finds it, built or not.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
// No waiting for a lock: a database busy with the service's writes is not quiet.
const db = new Database(file, { fileMustExist: true, timeout: 0 });
// Copying pages from the log to the database needs no cache of its own to speak of.
db.pragma('cache_size = -1024');
// The thread's one write, below, waits for no sync but that of the new log's header.
db.pragma('synchronous = NORMAL');
const changes = db.prepare('PRAGMA data_version').pluck();
// PASSIVE: copies what it can without waiting for, or blocking, the service's connection.
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restartLog = db.prepare('UPDATE log_restarts SET restarts = restarts + 1');

const isBusy = (error) => /BUSY|LOCKED/.test(String(error?.code));

// None seen yet: what was committed before the thread started is copied at its first turn.
let seen = null;
let wholeLogCopied = false;

function turn() {
  const version = changes.get();
  if (version !== seen) {
    seen = version;
    const [{ busy, log, checkpointed }] = checkpoint.all();
    // A log of one page may hold only another thread's write below: two services on one database
    // would otherwise start the log afresh for each other, turn after turn.
    wholeLogCopied = busy === 0 && log > 1 && log === checkpointed;
  } else if (wholeLogCopied) {
    // Quiet since a copy took the whole log, so the next commit starts it afresh and SQLite
    // syncs the new log's header first. Made here, that commit's sync is not a request's.
    wholeLogCopied = false;
    restartLog.run();
  }
}

const timer = setInterval(() => {
  try {
    turn();
  } catch (error) {
    // A busy or locked database is tried again at the next turn; anything else is reported.
    wholeLogCopied = false;
    if (!isBusy(error)) throw error;
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
