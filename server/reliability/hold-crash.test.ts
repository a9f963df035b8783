/**
 * Holds through a crash: gateways hold units with request_ids through the real service, a
 * SIGKILL cuts them off, the service starts again on the same data. Every hold's charge and row
 * must be there together or not at all, and each hold must settle exactly once afterwards.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenSchema } from '../../src/contract/token';
import { usageReportResultSchema } from '../../src/contract/usage';
import { checkDatabaseFile } from '../store/sqlite/file-check';
import { DATABASE_FILE } from '../store/sqlite/database';
import { adminCall, killLaunched, launchService, type RunningService } from '../test-process';
import { makeTempDir, serviceDatabaseEnv, testEngine } from '../test-support';

const ADMIN_KEY = 'hold-crash-admin-key';
const GATEWAYS = 8;
const KILL_AT_HOLDS = 200;
const KILL_AFTER_MS = 2_000;
const GIVEN = 1_000_000_000;

let root: string;
afterEach(() => killLaunched());
beforeAll(() => {
  root = makeTempDir('tokendesk-hold-crash-');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const call = (service: RunningService, method: string, path: string, body?: unknown) =>
  adminCall(service, ADMIN_KEY, method, path, body);

interface Hold {
  requestId: string;
  cost: number;
  acknowledged: boolean;
}

describe(`holds through a crash on ${testEngine()}`, () => {
  it(`keeps each hold's charge and row together through SIGKILL, and settles each once after the restart`, async () => {
    const dataDir = join(root, 'data');
    const env: Record<string, string> = { ...(await serviceDatabaseEnv(dataDir)), ADMIN_KEY };
    let service = await launchService(env).listening;
    const token = tokenSchema.parse(
      await call(service, 'POST', '/api/token/', { name: 'Held', remain_quota: GIVEN }),
    );

    const holds: Hold[] = [];
    let acknowledged = 0;
    let killed = false;
    const gateway = async () => {
      while (!killed) {
        // Each hold a different number of units, so what the kill left half-done shows.
        const hold: Hold = {
          requestId: `hold-${holds.length}`,
          cost: 1 + holds.length,
          acknowledged: false,
        };
        holds.push(hold);
        try {
          const answer = (await call(service, 'POST', '/api/token/verify', {
            key: token.key,
            cost: hold.cost,
            request_id: hold.requestId,
          })) as { code: string };
          expect(answer.code).toBe('VALID');
          hold.acknowledged = true;
          acknowledged += 1;
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    };
    const gateways = Array.from({ length: GATEWAYS }, gateway);
    const started = Date.now();
    while (acknowledged < KILL_AT_HOLDS && Date.now() - started < KILL_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killed = true;
    service.child.kill('SIGKILL');
    await service.exited;
    await Promise.all(gateways);
    if (env.DATABASE_URL === undefined) {
      expect(checkDatabaseFile(join(dataDir, DATABASE_FILE)).integrity).toBe('ok');
    }

    service = await launchService(env).listening;
    const stored = tokenSchema.parse(await call(service, 'GET', `/api/token/${token.id}`));
    expect(stored.remain_quota + stored.used_quota).toBe(GIVEN);
    // Each request cost 1 unit; its report finds the hold its verify left, or none at all.
    const settle = (hold: Hold) =>
      call(service, 'POST', '/api/token/usage', {
        token_id: token.id,
        quota: 1,
        request_id: hold.requestId,
      }).then((data) => usageReportResultSchema.parse(data));
    const found: number[] = [];
    for (let start = 0; start < holds.length; start += GATEWAYS) {
      const batch = holds.slice(start, start + GATEWAYS);
      const answers = await Promise.all(batch.map(settle));
      answers.forEach((answer, i) => {
        const hold = batch[i]!;
        expect(answer.duplicate).toBe(false);
        expect(hold.acknowledged ? [hold.cost] : [hold.cost, 0]).toContain(answer.held);
        found.push(answer.held);
      });
    }
    // What the kill left charged is exactly what its holds say: no charge without its row.
    expect(found.reduce((sum, held) => sum + held, 0)).toBe(stored.used_quota);
    // Sent again, each report changes nothing.
    for (const answer of await Promise.all(holds.slice(0, GATEWAYS).map(settle))) {
      expect(answer.duplicate).toBe(true);
    }
    const after = tokenSchema.parse(await call(service, 'GET', `/api/token/${token.id}`));
    expect(after).toMatchObject({ used_quota: holds.length, remain_quota: GIVEN - holds.length });
    console.log(
      `hold crash: ${acknowledged} holds acknowledged before SIGKILL, ${holds.length - acknowledged} in flight, ${found.filter((held) => held > 0).length - acknowledged} of those kept; each settled once`,
    );
    expect(acknowledged).toBeGreaterThan(0);
    service.child.kill('SIGTERM');
    expect((await service.exited).code).toBe(0);
  }, 60_000);
});
