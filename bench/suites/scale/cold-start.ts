import type { BenchDatabase } from '../../lib/engine';
import { startService } from '../../lib/service';

const STARTS = 5;
/** Fine enough that polling adds little to what is measured. */
const POLL_MS = 5;

/** Spawn to the first 200 of /healthz, several times on the same database. */
export async function coldStarts(database: BenchDatabase): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const service = await startService({ database, pollMs: POLL_MS });
    times.push(service.startupMs);
    await service.stop();
  }
  return times;
}
