import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenCreateSchema, tokenListQuerySchema } from '../../../src/contract/token';
import { makeTempDir } from '../../test-support';
import { backgroundCheckpoints, type BackgroundCheckpoints } from './background-checkpoints';
import { DATABASE_FILE } from './database';
import { LOG_RESTARTS } from './log-restarts-schema';
import { openSqliteStore } from './store';

const MB = 1024 * 1024;
let dir: string;
let file: string;
let db: Database.Database;
let thread: BackgroundCheckpoints | null;

beforeEach(() => {
  dir = makeTempDir();
  file = join(dir, 'test.db');
  db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Without the thread the connection would copy its log only at 1,000 pages, far more than the
  // tests write: whatever reaches the file, the thread put there.
  db.exec('CREATE TABLE blobs (data BLOB NOT NULL)');
  // The row the thread writes to start the log afresh, made by the store's own migration.
  db.exec(LOG_RESTARTS);
  thread = null;
});
afterEach(async () => {
  await thread?.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const writeMegabytes = (count: number) => {
  const insert = db.prepare('INSERT INTO blobs (data) VALUES (randomblob(?))');
  for (let i = 0; i < count; i += 1) insert.run(MB);
};
const fileSize = () => statSync(file).size;
const restarts = () => db.prepare('SELECT restarts FROM log_restarts').pluck().get() as number;

/** The log's checkpoint sequence number (SQLite's file format): one more each time it starts afresh. */
function logGeneration(): number {
  const header = Buffer.alloc(16);
  const fd = openSync(`${file}-wal`, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(12);
}

/** The database file's size once it stops changing, or after two seconds. */
async function settledSize(): Promise<number> {
  let size = fileSize();
  for (let waited = 0; waited < 2_000; waited += 50) {
    await sleep(50);
    const now = fileSize();
    if (now === size && now > 0) return now;
    size = now;
  }
  return size;
}

describe('background checkpoints', () => {
  it('copy what the connection commits into the database file, on their own thread', async () => {
    thread = backgroundCheckpoints(db, file, 10);
    writeMegabytes(2);
    await expect.poll(fileSize, { timeout: 2_000 }).toBeGreaterThan(2 * MB);
    expect(db.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(2);
  });

  it('leave the file as it was without the thread: the commits stay in the log', async () => {
    writeMegabytes(2);
    expect(await settledSize()).toBeLessThan(MB);
  });

  it('stop copying once stopped', async () => {
    thread = backgroundCheckpoints(db, file, 10);
    writeMegabytes(1);
    await expect.poll(fileSize, { timeout: 2_000 }).toBeGreaterThan(MB);
    await thread.stop();
    thread = null;
    const stoppedAt = fileSize();
    writeMegabytes(2);
    expect(await settledSize()).toBe(stoppedAt);
  });

  it('start the log afresh themselves once the connection is quiet, once for each pause', async () => {
    thread = backgroundCheckpoints(db, file, 10);
    writeMegabytes(1);
    const first = logGeneration();
    await expect.poll(restarts, { timeout: 2_000 }).toBe(1);
    expect(logGeneration(), 'the thread started the log afresh').toBe(first + 1);
    // Quiet: the thread's own write is no commit of the connection's, so nothing more is done.
    await sleep(200);
    expect(restarts()).toBe(1);
    // The connection's next commit goes on in the log the thread started: no sync of its own.
    writeMegabytes(1);
    expect(logGeneration()).toBe(first + 1);
    await expect.poll(restarts, { timeout: 2_000 }).toBe(2);
    expect(db.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(2);
  });

  it('leave the log as it is while the connection holds the database, and go on after', async () => {
    thread = backgroundCheckpoints(db, file, 10);
    writeMegabytes(1);
    db.exec('BEGIN IMMEDIATE');
    // Copied while the connection holds the database; quiet turns after it find it held.
    await expect.poll(fileSize, { timeout: 2_000 }).toBeGreaterThan(MB);
    await sleep(100);
    expect(restarts()).toBe(0);
    db.exec('COMMIT');
    writeMegabytes(1);
    await expect.poll(restarts, { timeout: 2_000 }).toBe(1);
  });

  it('write nothing while a reader still needs part of the log, which they cannot copy', async () => {
    thread = backgroundCheckpoints(db, file, 10);
    const reader = new Database(file);
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM blobs').get();
      writeMegabytes(1);
      await sleep(200);
      expect(restarts()).toBe(0);
      reader.exec('COMMIT');
    } finally {
      reader.close();
    }
    writeMegabytes(1);
    await expect.poll(restarts, { timeout: 2_000 }).toBe(1);
  });

  it('of two services on one database do not start the log afresh for each other', async () => {
    const other = new Database(file);
    const otherThread = backgroundCheckpoints(other, file, 10);
    thread = backgroundCheckpoints(db, file, 10);
    try {
      writeMegabytes(1);
      await expect.poll(restarts, { timeout: 2_000 }).toBeGreaterThan(0);
      await sleep(200);
      const settled = restarts();
      await sleep(300);
      expect(restarts()).toBe(settled);
    } finally {
      await otherThread.stop();
      other.close();
    }
  });

  it('let a store that uses them close cleanly, its log copied and removed', async () => {
    const dataDir = join(dir, 'store');
    const store = openSqliteStore({ dataDir, backgroundCheckpoints: true });
    await store.create(tokenCreateSchema.parse({ name: 'kept', remain_quota: 100 }));
    await store.close();
    expect(existsSync(join(dataDir, `${DATABASE_FILE}-wal`))).toBe(false);
    const reopened = openSqliteStore({ dataDir });
    const page = await reopened.list(tokenListQuerySchema.parse({}));
    await reopened.close();
    expect(page.items.map((token) => token.name)).toEqual(['kept']);
  });
});
