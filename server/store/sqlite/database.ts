import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { makeDirectory } from '../../make-directory';
import type { KeySeal } from '../key-seal';
import { NAME_CONTAINS_FUNCTION, foldedContains } from './list-query';
import { migrate } from './schema';

export const DATABASE_FILE = 'tokendesk.db';
/**
 * SQLite's page cache, the largest part of the service's memory after Node itself. Its pages
 * are also in the operating system's file cache, so a smaller one costs a system call per page,
 * not a disk read: the deep pages (anchors) and searches (kept totals) touch few pages anyway.
 */
export const SERVICE_CACHE_KIB = 24 * 1024;

/** The database file in dataDir, made if need be, set up for the store and migrated. */
export function openDatabase(dataDir: string, cacheKiB: number, seal: KeySeal): Database.Database {
  makeDirectory(dataDir, 0o700);
  const file = join(dataDir, DATABASE_FILE);
  // Created here first so the file holding every key is readable by its owner only;
  // SQLite gives the -wal and -shm files the same mode.
  closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // FULL syncs the WAL on every commit: an acknowledged write survives a crash or power cut.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    // No foreign keys yet; on, so a later migration's are enforced from the start.
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${cacheKiB}`);
    // No memory-mapped reads: mapped pages would count in the process's resident memory.
    db.pragma('mmap_size = 0');
    // Temporary data in memory: above all the savepoint journal of each write of a group commit,
    // which as a file cost some thirty writes per created token.
    db.pragma('temp_store = MEMORY');
    db.function(NAME_CONTAINS_FUNCTION, { deterministic: true }, foldedContains);
    migrate(db, seal);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
