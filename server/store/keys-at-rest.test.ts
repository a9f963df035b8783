import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenListQuerySchema } from '../../src/contract/token';
import { makeTempDir, openTestStore, testEngine, type TestStore } from '../test-support';
import { SECRET_FILE } from './secret-file';
import { KeySeal, keyDigest } from './key-seal';
import { auditQuerySchema } from '../../src/contract/audit';
import { openPostgresStore } from './postgres/store';
import { openSqliteStore } from './sqlite/store';
import { connectForTests } from './test-postgres';

let dataDir: string;
let handle: TestStore;

beforeEach(() => {
  dataDir = join(makeTempDir(), 'data');
  handle = openTestStore({ dataDir });
});
afterEach(async () => {
  await handle.dispose();
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
});

const OWNER = { actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' as const }, ip: '127.0.0.1' };

const input = (name: string) => ({
  name,
  remain_quota: 5,
  expired_time: -1,
  unlimited_quota: false,
  models: '',
  subnet: '',
  quota_reset_period: 'none' as const,
  quota_reset_amount: 0,
  rpm_limit: 0,
});

let started: number;
beforeEach(() => {
  started = Date.now();
});

/**
 * Every file under `dir`, recursively, written since the test began: no other can hold the keys
 * it made (and the server's log, which every test of the run writes to, would take long to read).
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) return filesUnder(path);
    // Times on disk may be rounded down to the second.
    return stat.mtimeMs >= started - 2_000 ? [path] : [];
  });
}

/**
 * The files that hold the database and were written since the test began: SQLite's in the data
 * directory; PostgreSQL's own and its log.
 */
async function databaseFiles(): Promise<string[] | null> {
  const url = await handle.databaseUrl();
  if (url === undefined) return filesUnder(dataDir);
  return connectForTests(url, async (client) => {
    // Whatever the server holds in memory goes to its files first.
    await client.query('CHECKPOINT');
    const { rows } = await client.query<{ dir: string; oid: number }>(
      `SELECT current_setting('data_directory') AS dir, oid FROM pg_database
        WHERE datname = current_database()`,
    );
    const { dir, oid } = rows[0]!;
    // A server given by TEST_DATABASE_URL may be on another machine.
    if (!existsSync(dir)) return null;
    return [...filesUnder(join(dir, 'base', String(oid))), ...filesUnder(join(dir, 'pg_wal'))];
  });
}

describe('keys at rest', () => {
  it('no file of the database, nor the audit, holds a whole token or admin key after creates, reveals, rotations, updates and deletes', async () => {
    const { store } = handle;
    const keys: string[] = [];
    const admin = await store.createAdminKey({ name: 'Support', role: 'operator' }, OWNER);
    const revoked = await store.createAdminKey({ name: 'Gone', role: 'viewer' }, OWNER);
    await store.revokeAdminKey(revoked.id, OWNER);
    for (let i = 0; i < 20; i += 1) {
      const token = await store.create(input(`Sealed ${i}`), OWNER);
      keys.push(token.key);
      expect(await store.reveal(token.id, OWNER)).toBe(token.key);
      if (i % 3 === 0) await store.update({ id: token.id, name: `Renamed ${i}` }, OWNER);
      if (i % 4 === 0) {
        const rotated = await store.rotate(token.id, 60, OWNER);
        keys.push(rotated!.key);
        expect(await store.reveal(token.id, OWNER)).toBe(rotated!.key);
      }
      if (i % 5 === 0) await store.remove(token.id, OWNER);
    }
    keys.push(admin.key, revoked.key);
    const audit = JSON.stringify(await store.auditPage(auditQuerySchema.parse({ size: '100' })));
    expect(audit).toContain('token.rotate');
    for (const key of keys) expect(audit.includes(key), `${key} in the audit`).toBe(false);
    // The admin key is found by its digest alone.
    expect(await store.identifyAdminKey(keyDigest(admin.key))).toMatchObject({ name: 'Support' });
    expect(await store.identifyAdminKey(keyDigest(revoked.key))).toBeNull();
    // Found by the whole key, shown masked.
    // The second token's key (keys[1] is the first token's new key): neither rotated nor deleted.
    const kept = keys[2]!;
    const found = await store.list(tokenListQuerySchema.parse({ token: `sk-${kept}` }));
    expect(found.items.map((token) => token.key)).toEqual([
      `${kept.slice(0, 4)}**********${kept.slice(-4)}`,
    ]);
    const files = await databaseFiles();
    if (files === null) return;
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const key of keys) expect(bytes.includes(key), `${key} in ${file}`).toBe(false);
    }
  });

  it('no file of the database, nor the audit, holds a whole upstream key of a model', async () => {
    const { store } = handle;
    const keys = Array.from(
      { length: 6 },
      (_, i) => `sk-upstream-${i}-${'x7Q2'.repeat(6)}-end${i}`,
    );
    const model = (name: string, upstream_key: string) => ({
      name,
      upstream_url: 'https://api.example.com/v1',
      upstream_key,
      input_price: 1,
      output_price: 2,
      max_output_tokens: 4_096,
      stream_usage: true,
      enabled: true,
    });
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const result = await store.createModel(model(`model-${i}`, keys[i]!), OWNER);
      if (result.outcome !== 'saved') throw new Error(result.outcome);
      made.push(result.model);
    }
    await store.updateModel({ id: made[0]!.id, upstream_key: keys[3] }, OWNER);
    await store.updateModel({ id: made[1]!.id, upstream_key: '' }, OWNER);
    await store.removeModel(made[2]!.id, OWNER);
    const kept = await store.createModel(model('model-kept', keys[4]!), OWNER);
    expect(kept.outcome).toBe('saved');
    await store.createModel(model('model-plain', keys[5]!));
    expect((await store.gatewayModel('model-0'))?.model.upstream_key).toBe(keys[3]);
    const audit = JSON.stringify(await store.auditPage(auditQuerySchema.parse({ size: '100' })));
    expect(audit).toContain('model.update');
    for (const key of keys) expect(audit.includes(key), `${key} in the audit`).toBe(false);
    expect(JSON.stringify(await store.models())).not.toContain('x7Q2');
    const files = await databaseFiles();
    if (files === null) return;
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const key of keys) expect(bytes.includes(key), `${key} in ${file}`).toBe(false);
    }
  });

  it('no file of the database, nor the audit, holds a whole webhook signing secret', async () => {
    const { store } = handle;
    const hook = (url: string) =>
      store.createWebhook(
        { url, events: ['*'], description: '', format: 'standard', enabled: true },
        OWNER,
      );
    const first = await hook('https://hooks.example.com/a');
    const second = await hook('https://hooks.example.com/b');
    const rotated = await store.rotateWebhookSecret(first.id, OWNER);
    await store.removeWebhook(second.id, OWNER);
    const secrets = [first.secret, second.secret, rotated!.secret];
    await store.create(input('Sent'), OWNER);
    const [job] = await store.claimDeliveries(Math.floor(Date.now() / 1000) + 60, 1);
    expect(job?.secret).toBe(rotated!.secret);
    const shown = JSON.stringify([
      await store.auditPage(auditQuerySchema.parse({})),
      await store.webhooks(),
    ]);
    for (const secret of secrets) expect(shown.includes(secret), `${secret} shown`).toBe(false);
    const files = await databaseFiles();
    if (files === null) return;
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of secrets)
        expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('refuses to start with a secret other than the one the keys were sealed with', async () => {
    await handle.store.create(input('Sealed'));
    const other = Buffer.alloc(32, 9);
    const url = await handle.databaseUrl();
    if (url === undefined) {
      await handle.store.close();
      expect(() => openSqliteStore({ dataDir, secret: other })).toThrow(
        "the secret given is not the one this database's token keys were sealed with",
      );
      handle.store = openSqliteStore({ dataDir });
    } else {
      await expect(openPostgresStore({ url, secret: other })).rejects.toThrow(
        "TOKENDESK_SECRET is not the secret this database's token keys were sealed with",
      );
    }
  });
});

describe.runIf(testEngine() === 'sqlite')('the secret file', () => {
  it('is made beside the database on the first start, readable by its owner only, and kept', async () => {
    const file = join(dataDir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const made = readFileSync(file, 'utf8');
    const token = await handle.store.create(input('Kept'));
    await handle.reopen();
    expect(readFileSync(file, 'utf8')).toBe(made);
    expect(await handle.store.reveal(token.id)).toBe(token.key);
  });

  it('is refused with what to do when it does not hold a secret', async () => {
    await handle.store.close();
    writeFileSync(join(dataDir, SECRET_FILE), 'not a secret\n');
    expect(() => openSqliteStore({ dataDir })).toThrow(
      'does not hold 32 bytes in base64: restore it from a backup',
    );
    rmSync(join(dataDir, SECRET_FILE));
    // A new secret cannot open the keys sealed with the lost one, and says so.
    expect(() => openSqliteStore({ dataDir })).toThrow('the secret given is not the one');
    handle.store = openSqliteStore({ dataDir: join(dataDir, '..', 'fresh') });
  });
});

describe('KeySeal', () => {
  it('opens what it sealed, and nothing sealed with another secret or changed', () => {
    const seal = new KeySeal(Buffer.alloc(32, 3));
    const { sealed, digest, masked } = seal.seal('abcdEFGH1234');
    expect(seal.open(sealed)).toBe('abcdEFGH1234');
    expect(masked).toBe('abcd**********1234');
    // SHA-256 of the key, as `printf abcdEFGH1234 | sha256sum` prints it.
    expect(digest.toString('hex')).toBe(
      'fef73a329fcbf38e870c729781e5542a7b0bb6ac7f79ed20ca03a65d9ab51bf5',
    );
    expect(() => new KeySeal(Buffer.alloc(32, 4)).open(sealed)).toThrow();
    const changed = Buffer.from(sealed);
    changed[20] = (changed[20] ?? 0) ^ 1;
    expect(() => seal.open(changed)).toThrow();
    // A fresh nonce each time: the same key never seals to the same bytes.
    expect(seal.seal('abcdEFGH1234').sealed.equals(sealed)).toBe(false);
  });
});
