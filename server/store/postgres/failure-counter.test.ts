import { describe, expect, it } from 'vitest';
import { newTestDatabaseUrl } from '../../test-support';
import { openPostgresStore } from './store';
import { TEST_SECRET_BYTES } from '../test-postgres';

describe('wrong admin keys counted in PostgreSQL', () => {
  it('adds up the failures of every instance and forgets them after the window', async () => {
    const url = await newTestDatabaseUrl();
    const [one, two] = await Promise.all([
      openPostgresStore({ secret: TEST_SECRET_BYTES, url }),
      openPostgresStore({ secret: TEST_SECRET_BYTES, url }),
    ]);
    let clock = 1_000_000;
    const options = { maxFailures: 4, windowMs: 60_000, now: () => clock };
    const first = one.failureCounter(options);
    const second = two.failureCounter(options);
    try {
      for (const counter of [first, second, first]) {
        clock += 1_000;
        await counter.recordFailure('198.51.100.1');
      }
      expect(await second.retryAfterMs('198.51.100.1')).toBe(0);
      clock += 1_000;
      await second.recordFailure('198.51.100.1');
      // The first of the four was at +1 s; it is now +4 s, so the address waits 57 s.
      expect(await first.retryAfterMs('198.51.100.1')).toBe(57_000);
      expect(await second.retryAfterMs('198.51.100.1')).toBe(57_000);
      expect(await first.retryAfterMs('198.51.100.2')).toBe(0);
      clock += 57_000;
      expect(await second.retryAfterMs('198.51.100.1')).toBe(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
