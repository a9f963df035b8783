import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenCreateSchema } from '../../../src/contract/token';
import { makeTempDir } from '../../test-support';
import { CHECKPOINT_MS } from './checkpoints';
import { DATABASE_FILE } from './database';
import { openSqliteStore } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The names of the tokens in the database file alone, without its write-ahead log. */
function namesInFileAlone(dataDir: string): string[] {
  const copy = makeTempDir();
  dirs.push(copy);
  copyFileSync(join(dataDir, DATABASE_FILE), join(copy, DATABASE_FILE));
  const db = new Database(join(copy, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare<[], string>('SELECT name FROM tokens ORDER BY id').pluck().all();
  } finally {
    db.close();
  }
}

describe('the write-ahead log on SQLite', () => {
  it('is copied into the database file by a thread of its own', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const store = openSqliteStore({ dataDir });
    try {
      await store.create(tokenCreateSchema.parse({ name: 'first' }));
      expect(namesInFileAlone(dataDir)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_MS * 1.5));
      expect(namesInFileAlone(dataDir)).toEqual(['first']);
    } finally {
      await store.close();
    }
  });
});
