/**
 * The summary's kept counts on PostgreSQL: filled in when an older database is migrated, and
 * kept right by instances writing at once. The engines' shared cases are in summary-counts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { tokenCreateSchema } from '../../../src/contract/token';
import { tokenVerifySchema } from '../../../src/contract/verify';
import { newTestDatabaseUrl } from '../../test-support';
import { PG_MIGRATIONS } from './migrations';
import { openPostgresStore } from './store';
import { TEST_SECRET_BYTES, connectForTests } from '../test-postgres';
import { recountPostgresSummary } from '../test-summary-recount';

const NOW = 1_800_000_000;
const EVERY_TOKEN = { keyword: '', token: '' };

describe('the summary on PostgreSQL', () => {
  it('is what a pass over the tokens says once a database of the first version is migrated', async () => {
    const url = await newTestDatabaseUrl({ empty: true });
    await connectForTests(url, async (client) => {
      await client.query(PG_MIGRATIONS[0] as string);
      await client.query(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      await client.query('INSERT INTO schema_migrations (version) VALUES (1)');
      // Every kind: disabled, expired, out of quota, unlimited, each with and without the others.
      await client.query(
        `INSERT INTO tokens (name, name_folded, key, status, remain_quota, unlimited_quota, expired_time, created_time, accessed_time)
         SELECT 'Old ' || i, 'old ' || i, 'key' || i, 1 + (i % 5 = 0)::int, (i % 4) * 1000,
           i % 7 = 0, CASE WHEN i % 3 = 0 THEN ${NOW} - i ELSE -1 END, 1, 1
         FROM generate_series(1, 200) AS i`,
      );
    });
    const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url, now: () => NOW });
    try {
      const summary = await store.summary(EVERY_TOKEN);
      expect(summary).toEqual(await recountPostgresSummary(url, NOW));
      expect(summary).toMatchObject({ total: 200, disabled: 40 });
      expect(summary.expired * summary.exhausted * summary.unlimited).toBeGreaterThan(0);
      await store.removeMany([3, 4, 5, 6, 7, 8]);
      expect(await store.summary(EVERY_TOKEN)).toEqual(await recountPostgresSummary(url, NOW));
    } finally {
      await store.close();
    }
  });

  it('is what a pass over the tokens says after two instances created and charged at once', async () => {
    const url = await newTestDatabaseUrl();
    const open = () => openPostgresStore({ secret: TEST_SECRET_BYTES, url, now: () => NOW });
    const instances = [await open(), await open()];
    try {
      const made = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          instances[i % 2]!.create(
            tokenCreateSchema.parse({
              name: `Busy ${i}`,
              remain_quota: 2,
              unlimited_quota: i % 10 === 0,
              expired_time: i % 4 === 0 ? NOW + 1 : -1,
            }),
          ),
        ),
      );
      // Each token charged through both instances at once, most until nothing is left.
      await Promise.all(
        made.flatMap((token, i) =>
          instances.map((instance) =>
            instance.verify(tokenVerifySchema.parse({ key: token.key, cost: 1 + (i % 2) })),
          ),
        ),
      );
      await Promise.all([
        instances[0]!.removeMany(made.slice(0, 20).map((token) => token.id)),
        instances[1]!.removeMany(made.slice(10, 30).map((token) => token.id)),
        ...made
          .slice(30, 60)
          .map((token, i) => instances[i % 2]!.update({ id: token.id, status: 2 })),
      ]);
      const summary = await instances[0]!.summary(EVERY_TOKEN);
      expect(summary).toEqual(await recountPostgresSummary(url, NOW));
      expect(summary).toMatchObject({ total: 170, disabled: 30 });
      expect(summary.exhausted).toBeGreaterThan(50);
      expect(await instances[1]!.summary(EVERY_TOKEN)).toEqual(summary);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
