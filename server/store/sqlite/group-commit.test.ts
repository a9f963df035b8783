import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support';
import { groupCommit, type GroupCommit } from './group-commit';

let dir: string;
let db: Database.Database;
let commits: number;
let writes: GroupCommit;

beforeEach(() => {
  dir = makeTempDir();
  db = new Database(join(dir, 'test.db'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE items (name TEXT NOT NULL UNIQUE)');
  commits = 0;
  writes = groupCommit(db, () => (commits += 1));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string) => () =>
  Number(db.prepare('INSERT INTO items (name) VALUES (?)').run(name).lastInsertRowid);
const stored = () =>
  db
    .prepare<[], { name: string }>('SELECT name FROM items ORDER BY rowid')
    .all()
    .map((row) => row.name);

describe('group commit', () => {
  it('commits writes that arrive together in one transaction, each answered after it', async () => {
    const ids = await Promise.all(['a', 'b', 'c'].map((name) => writes.run(insert(name))));
    expect(ids).toEqual([1, 2, 3]);
    expect(commits).toBe(1);
    expect(stored()).toEqual(['a', 'b', 'c']);
    expect(db.inTransaction).toBe(false);
  });

  it('answers nothing before the commit: a write is not visible while it waits', async () => {
    const pending = writes.run(insert('later'));
    expect(stored()).toEqual([]);
    await pending;
    expect(stored()).toEqual(['later']);
  });

  it('undoes a failing write alone, and keeps the others of its batch', async () => {
    await writes.run(insert('taken'));
    const results = await Promise.allSettled([
      writes.run(insert('first')),
      writes.run(() => {
        insert('half done')();
        return insert('taken')();
      }),
      writes.run(insert('last')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored()).toEqual(['taken', 'first', 'last']);
  });

  it('tries each write again alone when one makes SQLite roll back the whole transaction', async () => {
    db.exec(`CREATE TRIGGER poison BEFORE INSERT ON items WHEN new.name = 'poison'
      BEGIN SELECT RAISE(ROLLBACK, 'poisoned'); END`);
    const results = await Promise.allSettled([
      writes.run(insert('one')),
      writes.run(insert('poison')),
      writes.run(insert('two')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored()).toEqual(['one', 'two']);
    expect(db.inTransaction).toBe(false);
  });

  it('commits a batch of writes that need not await the disk without a sync, and syncs again after', async () => {
    const level = () => db.pragma('synchronous', { simple: true });
    const seen = await Promise.all([
      writes.run(level, { awaitDisk: false }),
      writes.run(level, { awaitDisk: false }),
    ]);
    expect(seen).toEqual([1, 1]); // NORMAL: committed to the WAL, no sync
    expect(await writes.run(level)).toBe(2); // FULL again for a write that awaits the disk
    const mixed = await Promise.all([writes.run(level, { awaitDisk: false }), writes.run(level)]);
    expect(mixed).toEqual([2, 2]); // one write awaiting the disk makes its whole batch wait
    expect(level()).toBe(2);
  });

  it('commits at once on flush()', () => {
    void writes.run(insert('now'));
    writes.flush();
    expect(stored()).toEqual(['now']);
  });
});
