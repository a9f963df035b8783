/**
 * What only PostgreSQL has: its versioned schema, migrated once whoever starts first, and its
 * settings. Everything the engines share is tested on both by token-store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { tokenCreateSchema, tokenListQuerySchema } from '../../../src/contract/token';
import { newTestDatabaseUrl } from '../../test-support';
import { MIGRATION_LOCK, PG_MIGRATIONS, PG_SCHEMA_VERSION } from './migrations';
import { createPostgresStore, openPostgresStore } from './store';
import { TEST_SECRET_BYTES, connectForTests } from '../test-postgres';
import { newTokenRecord } from '../token-record';

const versions = (url: string) =>
  connectForTests(url, async (client) =>
    (
      await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY 1')
    ).rows.map((row) => row.version),
  );

describe('the PostgreSQL schema', () => {
  it('is made on an empty database and its versions recorded, once even with ten starts at once', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    const stores = await Promise.all(
      Array.from({ length: 10 }, () =>
        openPostgresStore({ secret: TEST_SECRET_BYTES, url, poolSize: 2 }),
      ),
    );
    try {
      const created = await stores[3]!.create({
        name: 'After the race',
        remain_quota: 1,
        expired_time: -1,
        unlimited_quota: false,
        models: '',
        subnet: '',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      });
      expect((await stores[7]!.get(created.id))?.name).toBe('After the race');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    expect(await versions(url)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
    const extensions = await connectForTests(url, async (client) =>
      (await client.query<{ extname: string }>('SELECT extname FROM pg_extension')).rows.map(
        (row) => row.extname,
      ),
    );
    expect(extensions).toContain('pg_trgm');
  });

  it('is left as it is by a later start, and its tokens kept', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    const first = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    await first.setOption('QuotaPerUnit', '1000');
    await first.close();
    const second = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    try {
      expect(await second.getOptions()).toContainEqual({ key: 'QuotaPerUnit', value: '1000' });
    } finally {
      await second.close();
    }
    expect(await versions(url)).toHaveLength(PG_SCHEMA_VERSION);
  });

  it('waits for a migration another instance holds the lock for, longer than the statement timeout', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    let opened = false;
    await connectForTests(url, async (client) => {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const opening = openPostgresStore({
        secret: TEST_SECRET_BYTES,
        url,
        statementTimeoutMs: 100,
      }).then((store) => {
        opened = true;
        return store;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(opened).toBe(false);
      await client.query('COMMIT');
      await (await opening).close();
    });
    expect(opened).toBe(true);
    expect(await versions(url)).toHaveLength(PG_SCHEMA_VERSION);
  });

  it('brings a database of the first version to the current one, keeping its tokens and their total', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    await connectForTests(url, async (client) => {
      await client.query(PG_MIGRATIONS[0] as string);
      await client.query(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      await client.query('INSERT INTO schema_migrations (version) VALUES (1)');
      await client.query(
        `INSERT INTO tokens (name, name_folded, key, status, remain_quota, unlimited_quota, expired_time, created_time, accessed_time)
         SELECT 'Old ' || i, 'old ' || i, 'key' || i, 1, 5, false, -1, 1, 1 FROM generate_series(1, 30) AS i`,
      );
    });
    const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    try {
      expect((await store.list(tokenListQuerySchema.parse({}))).total).toBe(30);
      await store.removeMany([1, 2, 3]);
      expect((await store.list(tokenListQuerySchema.parse({}))).total).toBe(27);
      expect((await store.list(tokenListQuerySchema.parse({ keyword: 'OLD 1' }))).total).toBe(10);
      // The keys were sealed on the way: each still reveals and finds its token.
      expect(await store.reveal(7)).toBe('key7');
      const found = await store.list(tokenListQuerySchema.parse({ token: 'sk-key7' }));
      expect(found.items.map((token) => [token.id, token.key])).toEqual([
        [7, 'key7**********key7'],
      ]);
    } finally {
      await store.close();
    }
    expect(await versions(url)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it('refuses a database from a newer Tokendesk, naming the versions', async () => {
    const url = await newTestDatabaseUrl();
    await connectForTests(url, (client) =>
      client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [PG_SCHEMA_VERSION + 1]),
    );
    await expect(openPostgresStore({ secret: TEST_SECRET_BYTES, url })).rejects.toThrow(
      `the database has schema version ${PG_SCHEMA_VERSION + 1}, newer than this Tokendesk knows (${PG_SCHEMA_VERSION})`,
    );
  });

  it('fails every call, ping included, while the database does not answer', async () => {
    const store = createPostgresStore({
      url: 'postgres://nobody@127.0.0.1:1/nothing',
      secret: TEST_SECRET_BYTES,
    });
    await expect(store.ping()).rejects.toThrow();
    await expect(store.list(tokenListQuerySchema.parse({}))).rejects.toThrow();
    await store.close();
  });

  it('goes on answering after the server cut its connections', async () => {
    const url = await newTestDatabaseUrl();
    const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url, poolSize: 3 });
    try {
      await Promise.all([store.ping(), store.ping(), store.ping()]);
      const name = new URL(url).pathname.slice(1);
      await connectForTests(url, (client) =>
        client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await store.ping();
      expect((await store.list(tokenListQuerySchema.parse({}))).total).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('lets one of several instances starting together fill an empty database with demo tokens', async () => {
    const url = await newTestDatabaseUrl();
    const stores = await Promise.all(
      Array.from({ length: 6 }, () =>
        openPostgresStore({ secret: TEST_SECRET_BYTES, url, poolSize: 1 }),
      ),
    );
    try {
      const added = await Promise.all(
        stores.map((store, i) =>
          store.insertManyIfEmpty(
            [`A${i}`, `B${i}`].map((name) => newTokenRecord(tokenCreateSchema.parse({ name }), 1)),
          ),
        ),
      );
      expect(added.sort()).toEqual([0, 0, 0, 0, 0, 2]);
      expect((await stores[0]!.list(tokenListQuerySchema.parse({}))).total).toBe(2);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const url = await newTestDatabaseUrl();
    const store = await openPostgresStore({
      secret: TEST_SECRET_BYTES,
      url,
      statementTimeoutMs: 200,
    });
    try {
      const slow = connectForTests(url, async (client) => {
        // Holds the options table locked longer than the timeout.
        await client.query('BEGIN');
        await client.query('LOCK TABLE options IN ACCESS EXCLUSIVE MODE');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await client.query('ROLLBACK');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(store.getOptions()).rejects.toThrow(/statement timeout/);
      await slow;
    } finally {
      await store.close();
    }
  });
});
