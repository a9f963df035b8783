/**
 * The data directory: the database (with its WAL files) and the admin key readable by their
 * owner only; a directory the service cannot use stops the start with one line that says why,
 * not a stack trace. Tests run as root here, where permissions stop nothing, so the failures
 * come from what fails for root too: files in the way, /proc, /sys, names too long.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY_FILE, resolveAdminKey } from '../admin-key';
import { writeDatabaseOfVersion } from '../store/sqlite/file-check';
import { DATABASE_FILE } from '../store/sqlite/database';
import { openSqliteStore } from '../store/sqlite/store';
import { killLaunched, launchService } from '../test-process';
import { makeTempDir } from '../test-support';

let root: string;
beforeAll(() => {
  root = makeTempDir('tokendesk-data-dir-');
  writeFileSync(join(root, 'a-file'), '');
  mkdirSync(join(root, 'database-is-a-directory', DATABASE_FILE), { recursive: true });
  mkdirSync(join(root, 'wal-is-a-directory', `${DATABASE_FILE}-wal`), { recursive: true });
  mkdirSync(join(root, 'key-is-a-directory', ADMIN_KEY_FILE), { recursive: true });
  mkdirSync(join(root, 'key-is-empty'));
  writeFileSync(join(root, 'key-is-empty', ADMIN_KEY_FILE), '\n', { mode: 0o600 });
  mkdirSync(join(root, 'not-a-database'));
  writeFileSync(join(root, 'not-a-database', DATABASE_FILE), 'plain text, not SQLite. '.repeat(50));
  mkdirSync(join(root, 'newer-schema'));
  writeDatabaseOfVersion(join(root, 'newer-schema', DATABASE_FILE), 99);
});
// After all, not after each: the starts below run side by side.
afterAll(() => {
  killLaunched();
  rmSync(root, { recursive: true, force: true });
});

/**
 * What the service does with its data directory at start, the database and then the admin key,
 * plus a write so SQLite opens its WAL; `inspect` runs while all of it is open.
 */
async function useLikeTheService(dataDir: string, inspect: () => void = () => {}): Promise<void> {
  const store = openSqliteStore({ dataDir });
  try {
    await store.create({
      name: 'Makes the WAL',
      remain_quota: 0,
      expired_time: -1,
      unlimited_quota: false,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
    resolveAdminKey({ adminKey: undefined, dataDir });
    inspect();
  } finally {
    await store.close();
  }
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the data directory', () => {
  it('makes the database, its -wal and -shm, and the admin key readable by their owner only', async () => {
    const dataDir = join(root, 'fresh', 'nested', 'data');
    const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, ADMIN_KEY_FILE];
    let modes: Record<string, string> = {};
    await useLikeTheService(dataDir, () => {
      modes = Object.fromEntries(files.map((file) => [file, modeOf(join(dataDir, file))]));
    });
    expect(modes).toEqual(Object.fromEntries(files.map((file) => [file, '600'])));
    expect(modeOf(dataDir)).toBe('700');
  });

  /** [what is wrong, DATA_DIR, the reason the message must give]; __ROOT__ is this test's folder. */
  const unusable: [string, string, RegExp][] = [
    ['its parent is a file', '__ROOT__/a-file/data', /ENOTDIR: not a directory/],
    ['it is a file', '__ROOT__/a-file', /EEXIST: file already exists/],
    ['it would be under /sys', '/sys/tokendesk-data', /EPERM|EACCES|EROFS/],
    ['its name is too long', `__ROOT__/${'n'.repeat(300)}`, /ENAMETOOLONG/],
    ['the database is a directory', '__ROOT__/database-is-a-directory', /EISDIR/],
    ['the WAL is a directory', '__ROOT__/wal-is-a-directory', /disk I\/O error/],
    ['the admin key is a directory', '__ROOT__/key-is-a-directory', /EISDIR/],
    ['the admin key file is empty', '__ROOT__/key-is-empty', /admin key file .* is empty/],
    ['the database is not a database', '__ROOT__/not-a-database', /file is not a database/],
    ['the database is newer', '__ROOT__/newer-schema', /schema version 99, newer/],
  ];

  it.each(unusable)('is refused with the reason when %s', async (_what, dataDir, reason) => {
    await expect(useLikeTheService(dataDir.replace('__ROOT__', root))).rejects.toThrow(reason);
  });

  // The real process, for one failure of the database, one of the admin key, and /proc, where
  // Node's own recursive mkdir would retry forever.
  it.concurrent.each([
    ['its parent is a file', '__ROOT__/a-file/data', /ENOTDIR: not a directory/],
    ['it would be under /proc', '/proc/tokendesk-data/nested', /ENOENT: no such file or directory/],
    ['the admin key file is empty', '__ROOT__/key-is-empty', /admin key file .* is empty/],
  ])(
    'stops the service with one line on stderr and exit code 1 when %s',
    async (_what, dataDir, reason) => {
      const path = dataDir.replace('__ROOT__', root);
      const { code, stderr } = await launchService({ DATA_DIR: path }).exited;
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `Tokendesk could not start: cannot use the data directory ${path} (set DATA_DIR to a writable directory): `,
      );
      expect(lines[0]).toMatch(reason);
    },
  );
});
