import { describe, expect, it } from 'vitest';
import { VERIFY_CODES } from '../../src/contract/verify';
import { runModel, seedFromEnvironment } from './model/run-model';

const SEED = 20_250_615;
const MIN_COMMANDS = 10_000;

describe('the service against the model of docs/api.md', () => {
  const seed = seedFromEnvironment(SEED);

  it(`answers every command as the model does (seed ${seed}; MODEL_SEED and MODEL_PATH replay)`, async () => {
    console.log(`model-based test: seed ${seed}`);
    const stats = await runModel({
      seed,
      numRuns: 120,
      maxCommands: 200,
      path: process.env.MODEL_PATH,
    });
    console.log(
      `model-based test: seed ${seed}, ${stats.sequences} sequences, ${stats.commands} commands, ${stats.requests} requests, ${stats.refills} refills, verifies ${JSON.stringify(stats.verifyCodes)}`,
    );
    expect(stats.commands).toBeGreaterThanOrEqual(MIN_COMMANDS);
    // The run reached every verify code and refilled budgets: the rules were exercised, not skipped.
    for (const code of VERIFY_CODES) expect(stats.verifyCodes[code] ?? 0, code).toBeGreaterThan(0);
    expect(stats.refills).toBeGreaterThan(0);
  }, 300_000);
});
