import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY_FILE, resolveAdminKey } from './admin-key';
import { makeTempDir } from './test-support';

let root: string;
beforeEach(() => {
  root = makeTempDir();
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('resolveAdminKey', () => {
  it('makes a strong key on the first start, keeps it with mode 0600, and reuses it afterwards', () => {
    const dataDir = join(root, 'data');
    const first = resolveAdminKey({ adminKey: undefined, dataDir });
    const file = join(dataDir, ADMIN_KEY_FILE);
    expect(first.source).toEqual({ kind: 'generated', file });
    expect(first.key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key);

    const second = resolveAdminKey({ adminKey: undefined, dataDir });
    expect(second).toEqual({ key: first.key, source: { kind: 'file', file } });
  });

  it('makes a different key for each data directory', () => {
    const a = resolveAdminKey({ adminKey: undefined, dataDir: join(root, 'a') });
    const b = resolveAdminKey({ adminKey: undefined, dataDir: join(root, 'b') });
    expect(a.key).not.toBe(b.key);
  });

  it('prefers ADMIN_KEY and then writes no file', () => {
    const dataDir = join(root, 'data');
    const resolved = resolveAdminKey({ adminKey: 'from-the-environment', dataDir });
    expect(resolved).toEqual({ key: 'from-the-environment', source: { kind: 'environment' } });
    expect(() => statSync(join(dataDir, ADMIN_KEY_FILE))).toThrow();
  });

  it('uses a key an operator put in the file, blanks around it ignored', () => {
    writeFileSync(join(root, ADMIN_KEY_FILE), '  my-own-admin-key \n', { mode: 0o600 });
    expect(resolveAdminKey({ adminKey: undefined, dataDir: root }).key).toBe('my-own-admin-key');
  });

  it('refuses an empty key file instead of replacing it silently', () => {
    writeFileSync(join(root, ADMIN_KEY_FILE), '\n', { mode: 0o600 });
    expect(() => resolveAdminKey({ adminKey: undefined, dataDir: root })).toThrow(
      /is empty: delete it/,
    );
  });
});
