import { randomBytes } from 'node:crypto';
import {
  TOKEN_ORDERS,
  tokenListQuerySchema,
  type TokenListQueryInput,
  type TokenOrder,
} from '../../../src/contract/token';
import type { TokenPort } from '../../../server/store/ports/tokens';
import { openBenchStore, type BenchDatabase } from '../../lib/engine';
import { logUniformPage, seededRandom } from '../../lib/random';

export const PAGE_SIZE = 100;
/**
 * Pages timed in each order. Of 40, the p95 was the third-slowest page, and a single page held up
 * by the other core's work (the database's, another process's) decided it; of 100 it is the
 * fifth-slowest, which a slow path (a walk, a deep OFFSET) still reaches and a stray pause not.
 */
const PAGES_PER_ORDER = 100;
const KEY_LOOKUPS = 100;
/** Free checks of stored keys, as a gateway makes them for each request it serves. */
const VERIFIES = 1_000;
/**
 * Untimed free checks first, as the other suites warm up before timing. On PostgreSQL the first
 * three thousand or so verifies of a fresh process run while the JIT compiles the client's paths
 * on the core the database also needs: their p99 was 1.4 to 2.6 ms, the next thousands' 0.3 to
 * 0.6 ms, and the bare ping's fell with them (2.2 to 0.25 ms), so those first ones time the
 * process's start, not a verify. A pause instead did not help: it is the calls that warm up.
 */
const VERIFY_WARM_UP_MS = 3_000;
const SUMMARY_RUNS = 5;

/** Words of scripts/seed.ts's names in several forms: common, rare, short, non-ASCII, absent. */
export const KEYWORDS = [
  'Billing',
  'search',
  'alice',
  'Chen Wei',
  'Émile',
  'batch job',
  'notebook',
  'CI runner',
  'eval',
  '生产环境',
  '测试',
  '12345',
  'ba',
  'x',
  'no such name',
];

export const ORDERS: TokenOrder[] = TOKEN_ORDERS.flatMap((field) => [field, `-${field}` as const]);

export interface Timing {
  label: string;
  ms: number;
  page: number;
  matches: number;
}

export interface ListTimings {
  byOrder: Map<TokenOrder, Timing[]>;
  nameSearch: Timing[];
  keySearch: Timing[];
  /** Milliseconds of each verify (cost 0) of a stored key. */
  verifyMs: number[];
  /**
   * On PostgreSQL, the store's ping (`SELECT 1` through the same pool) after each verify: the
   * round trip alone, the floor of any verify, in the same moments.
   */
  roundTripMs: number[];
  summaryMs: number[];
  total: number;
}

async function timed(store: TokenPort, input: TokenListQueryInput, label: string): Promise<Timing> {
  const query = tokenListQuerySchema.parse(input);
  const started = performance.now();
  const page = await store.list(query);
  return { label, ms: performance.now() - started, page: query.p, matches: page.total };
}

/** Calls the store's list directly, in this process, as the service's routes do. */
export async function measureListing(database: BenchDatabase): Promise<ListTimings> {
  // The PostgreSQL store as the service opens it: its pool, its statement timeout.
  const store = await openBenchStore(database);
  try {
    const random = seededRandom(20_240_601);
    const { total } = await store.list(tokenListQuerySchema.parse({ size: '1' }));
    const lastPage = Math.ceil(total / PAGE_SIZE);
    const size = String(PAGE_SIZE);

    const byOrder = new Map<TokenOrder, Timing[]>();
    for (const order of ORDERS) {
      // One untimed call prepares the statement, as the first request after a start would.
      await timed(store, { order, size }, order);
      const timings: Timing[] = [];
      for (let i = 0; i < PAGES_PER_ORDER; i += 1) {
        const p = String(logUniformPage(random, lastPage));
        timings.push(await timed(store, { order, size, p }, order));
      }
      byOrder.set(order, timings);
    }

    const nameSearch: Timing[] = [];
    for (const keyword of KEYWORDS) {
      const first = await timed(store, { keyword, size }, keyword);
      nameSearch.push(first);
      const last = Math.max(1, Math.ceil(first.matches / PAGE_SIZE));
      for (const p of [2, 5, last]) {
        nameSearch.push(await timed(store, { keyword, size, p: String(p) }, keyword));
      }
    }

    const keySearch: Timing[] = [];
    for (let i = 0; i < KEY_LOOKUPS; i += 1) {
      // Four in five look up a stored key, half of those pasted with sk-; the rest are unknown.
      const stored = i % 5 !== 4;
      const key = stored
        ? await store.reveal(1 + Math.floor(random() * total))
        : randomBytes(36).toString('base64url').replace(/[-_]/g, 'a').slice(0, 48);
      const token = stored && i % 2 === 0 ? `sk-${key}` : (key ?? '');
      keySearch.push(await timed(store, { token, size }, stored ? 'stored key' : 'unknown key'));
    }

    // Keys to verify, revealed first (untimed), then verified untimed to warm up.
    const verifyKeys: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      verifyKeys.push((await store.reveal(1 + Math.floor(random() * total))) ?? '');
    }
    // The i-th free check: the keys in turn, every other one pasted with sk-.
    const verifyNth = (i: number) => {
      const key = verifyKeys[i % verifyKeys.length]!;
      return store.verify({ key: i % 2 === 0 ? `sk-${key}` : key, model: 'gpt-4o-mini', cost: 0 });
    };
    const warmUpEnds = performance.now() + VERIFY_WARM_UP_MS;
    for (let i = 0; performance.now() < warmUpEnds; i += 1) {
      await verifyNth(i);
      if (database.engine === 'postgres') await store.ping();
    }
    const verifyMs: number[] = [];
    const roundTripMs: number[] = [];
    for (let i = 0; i < VERIFIES; i += 1) {
      let started = performance.now();
      await verifyNth(i);
      verifyMs.push(performance.now() - started);
      if (database.engine === 'postgres') {
        started = performance.now();
        await store.ping();
        roundTripMs.push(performance.now() - started);
      }
    }

    const summaryMs: number[] = [];
    const everyToken = tokenListQuerySchema.parse({});
    for (let i = 0; i < SUMMARY_RUNS; i += 1) {
      const started = performance.now();
      await store.summary(everyToken);
      summaryMs.push(performance.now() - started);
    }
    return { byOrder, nameSearch, keySearch, verifyMs, roundTripMs, summaryMs, total };
  } finally {
    await store.close();
  }
}
