/**
 * Deep pages of the token list on PostgreSQL: the anchors they start from, and their reads
 * whatever the planner believes of the table.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_ORDERS, tokenCreateSchema, tokenListQuerySchema } from '../../../src/contract/token';
import { newTestDatabaseUrl } from '../../test-support';
import { openPostgresStore } from './store';
import { TEST_SECRET_BYTES, connectForTests } from '../test-postgres';
import { newTokenRecord } from '../token-record';

/** A token as a create of `name` would store it. */
const record = (name: string, remain_quota = 1) =>
  newTokenRecord(tokenCreateSchema.parse({ name, remain_quota }), 1);

describe('the anchors of deep pages', () => {
  const names = async (store: Awaited<ReturnType<typeof openPostgresStore>>) =>
    (
      await store.list(tokenListQuerySchema.parse({ order: 'name', size: '3', p: '401' }))
    ).items.map((token) => token.name);

  it('are made with a bulk load and shared with every instance, only while their order is unchanged', async () => {
    const url = await newTestDatabaseUrl();
    const loader = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    const reader = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    try {
      await loader.bulkInsert([
        Array.from({ length: 3000 }, (_, i) => record(`n ${String(i).padStart(4, '0')}`)),
      ]);
      const shared = await connectForTests(url, async (client) =>
        (await client.query<{ field: string }>('SELECT field FROM token_order_anchors')).rows
          .map((row) => row.field)
          .sort(),
      );
      expect(shared).toEqual([...TOKEN_ORDERS].sort());
      // Places 1200 to 1202: read from the anchor of place 1000.
      expect(await names(reader)).toEqual(['n 1200', 'n 1201', 'n 1202']);

      // The reader takes the shared anchors as they stand: moved by a place, its page moves.
      const moveAnchors = `UPDATE token_order_anchors SET anchors = jsonb_set(anchors, '{1}',
        jsonb_build_object('key', 'n 1001', 'id', (SELECT id FROM tokens WHERE name = 'n 1001')))
        WHERE field = 'name'`;
      await connectForTests(url, (client) => client.query(moveAnchors));
      const fresh = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
      try {
        expect(await names(fresh)).toEqual(['n 1201', 'n 1202', 'n 1203']);
        // Once the order changes, no instance uses them.
        await loader.create(tokenCreateSchema.parse({ name: 'a first', remain_quota: 1 }));
        for (const store of [fresh, reader, fresh, reader]) {
          expect(await names(store)).toEqual(['n 1199', 'n 1200', 'n 1201']);
        }
      } finally {
        await fresh.close();
      }
    } finally {
      await Promise.all([loader.close(), reader.close()]);
    }
  });
});

describe('a page of the list', () => {
  it('is read in one pass while the statistics say the table holds nothing', async () => {
    const url = await newTestDatabaseUrl();
    const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url });
    try {
      const count = 20_000;
      await store.insertMany(Array.from({ length: count }, (_, i) => record(`t ${i}`, i % 1000)));
      // What an analyze running beside a bulk load's open transaction leaves: the table's pages
      // counted, none of its rows, so the planner expects one row of any scan until the next
      // analyze. A page read whose plan then ran the page's search again for each row took 4.7 s
      // at 12,000 tokens, and passed the store's 5 s statement timeout at this size.
      await connectForTests(url, (client) =>
        client.query(
          `ALTER TABLE tokens SET (autovacuum_enabled = false);
           UPDATE pg_class SET relpages = 300, reltuples = 0 WHERE oid = 'tokens'::regclass`,
        ),
      );
      for (const p of ['40', '400', '799']) {
        const page = await store.list(
          tokenListQuerySchema.parse({ order: '-remain_quota', size: '25', p }),
        );
        expect(page.total).toBe(count);
        const quotas = page.items.map((token) => token.remain_quota);
        expect(quotas).toHaveLength(25);
        expect(quotas).toEqual([...quotas].sort((a, b) => b - a));
      }
    } finally {
      await store.close();
    }
  });
});
