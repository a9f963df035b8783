import fc from 'fast-check';
import { startTestService } from '../../test-support';
import { commandArbs } from './command-arbitraries';
import { expectEverything } from './commands';
import type { Real } from './exchange';
import { TokenModel } from './token-model';

/** 2025-06-15T12:00:00Z: the clock of service and model at the start of every sequence. */
const START = 1_750_000_000;

export interface ModelRunOptions {
  seed: number;
  numRuns: number;
  maxCommands: number;
  /** fast-check's replay path of a failure, to run just that sequence again. */
  path?: string;
}

export type ModelRunStats = Real['stats'] & { sequences: number };

/**
 * Runs random command sequences against a fresh service each (a real SQLite file) and the
 * model. On a mismatch fast-check shrinks the sequence and throws with it, the seed and the path.
 */
export async function runModel(options: ModelRunOptions): Promise<ModelRunStats> {
  const stats = {
    commands: 0,
    requests: 0,
    sequences: 0,
    verifyCodes: {} as Record<string, number>,
    refills: 0,
  };
  const property = fc.asyncProperty(
    fc.commands(commandArbs, { maxCommands: options.maxCommands, size: 'max' }),
    async (commands) => {
      stats.sequences += 1;
      const clock = { now: START };
      const real: Real = {
        service: startTestService({ clock: () => clock.now }),
        clock,
        auditSeen: 0,
        stats,
      };
      const model = new TokenModel(START);
      try {
        await fc.asyncModelRun(() => ({ model, real }), commands);
        await expectEverything(model, real);
      } finally {
        await real.service.close();
      }
    },
  );
  await fc.assert(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path ? { path: options.path } : {}),
  });
  return stats;
}

/** The seed from MODEL_SEED when set, so any run can be repeated; otherwise the fixed one. */
export function seedFromEnvironment(fixed: number): number {
  const value = process.env.MODEL_SEED;
  if (value === undefined || value === '') return fixed;
  const seed = Number(value);
  if (!Number.isInteger(seed)) throw new Error(`MODEL_SEED must be an integer, not "${value}"`);
  return seed;
}
