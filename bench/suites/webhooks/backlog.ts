import { OWNER_IDENTITY } from '../../../src/contract/admin-key';
import { tokenCreateSchema } from '../../../src/contract/token';
import { openBenchStore, type BenchDatabase } from '../../lib/engine';

/** Creates written at once: their commits share a sync. */
const TOGETHER = 500;

/**
 * A backlog of `count` events, each with its delivery to `url`, written straight into the
 * database before the service starts: the service's deliverer then has them all due at once,
 * and how fast it sends them is its own speed, not that of the writes that made them.
 */
export async function writeBacklog(database: BenchDatabase, url: string, count: number) {
  const store = await openBenchStore(database);
  const audit = { actor: OWNER_IDENTITY, ip: '127.0.0.1' };
  try {
    await store.createWebhook(
      { url, events: ['*'], description: 'Bench receiver', format: 'standard', enabled: true },
      audit,
    );
    for (let made = 0; made < count; made += TOGETHER) {
      await Promise.all(
        Array.from({ length: Math.min(TOGETHER, count - made) }, (_, i) =>
          store.create(
            tokenCreateSchema.parse({ name: `Backlog ${made + i}`, remain_quota: 1_000_000 }),
            audit,
          ),
        ),
      );
    }
  } finally {
    await store.close();
  }
}
