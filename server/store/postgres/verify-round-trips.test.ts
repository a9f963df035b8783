/**
 * A verify on PostgreSQL is one statement, so one round trip to the database, whichever way it
 * goes: counted as the statements its connections send.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenCreateSchema } from '../../../src/contract/token';
import type { TokenVerify } from '../../../src/contract/verify';
import { newTestDatabaseUrl } from '../../test-support';
import type { HoldTerms } from '../ports/gateway-calls';
import { TEST_SECRET_BYTES } from '../test-postgres';
import { openPostgresStore, type PostgresStore } from './store';

const NOW = 1_800_000_000;
let store: PostgresStore;

beforeAll(async () => {
  // The periodic write of usage figures stays out of the count.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  store = await openPostgresStore({
    url: await newTestDatabaseUrl(),
    now: () => NOW,
    secret: TEST_SECRET_BYTES,
  });
});
afterAll(async () => {
  await store.close();
  vi.useRealTimers();
});

/** A verify's answer code and the statements it sent. */
async function counted(request: Omit<TokenVerify, 'cost'> & { cost?: number }, terms?: HoldTerms) {
  const sent = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const answer = await store.verify({ cost: 0, ...request }, terms);
    return { code: answer.code, statements: sent.mock.calls.length };
  } finally {
    sent.mockRestore();
  }
}

const token = (fields: Record<string, unknown>) =>
  store.create(tokenCreateSchema.parse({ name: 'Round trips', remain_quota: 1_000, ...fields }));

describe('a verify on PostgreSQL', () => {
  it.each([
    ['without a rate limit', 0],
    ['with a rate limit', 3],
  ])(
    'is one statement %s: a free check, a charge, a hold, its retry, and every refusal',
    async (_, rpm_limit) => {
      const { key } = await token({ rpm_limit });
      const off = await token({ rpm_limit });
      await store.update({ id: off.id, status: 2 });
      expect(await counted({ key })).toEqual({ code: 'VALID', statements: 1 });
      expect(await counted({ key, cost: 10 })).toEqual({ code: 'VALID', statements: 1 });
      const hold = { key, cost: 10, request_id: `r-${rpm_limit}` };
      expect(await counted(hold)).toEqual({ code: 'VALID', statements: 1 });
      expect(await counted(hold)).toEqual({
        code: rpm_limit > 0 ? 'RATE_LIMITED' : 'VALID',
        statements: 1,
      });
      expect(await counted({ key, cost: 5_000 })).toEqual({
        code: rpm_limit > 0 ? 'RATE_LIMITED' : 'EXHAUSTED',
        statements: 1,
      });
      expect(await counted({ key: off.key })).toEqual({ code: 'DISABLED', statements: 1 });
      expect(await counted({ key: 'sk-unknown' })).toEqual({ code: 'NOT_FOUND', statements: 1 });
    },
  );

  it("is one statement for the gateway's plan when the key has the full hold", async () => {
    const { key } = await token({ rpm_limit: 60 });
    const plan = {
      full: { cost: 100, maxOutputTokens: 50 },
      unlimited: { cost: 0, maxOutputTokens: null },
      fit: () => null,
    };
    expect(await counted({ key, request_id: 'planned' }, { plan })).toEqual({
      code: 'VALID',
      statements: 1,
    });
  });

  it("learns a key's models and subnet on its first charge, then charges it in one statement", async () => {
    const { key } = await token({ models: 'gpt-4o, o3', subnet: '10.0.0.0/8' });
    const request = { key, model: 'o3', ip: '10.1.2.3', cost: 1 };
    expect(await counted(request)).toEqual({ code: 'VALID', statements: 2 });
    expect(await counted(request)).toEqual({ code: 'VALID', statements: 1 });
    expect(await counted({ ...request, model: 'gpt-5' })).toEqual({
      code: 'MODEL_NOT_ALLOWED',
      statements: 1,
    });
    expect(await counted({ ...request, ip: '192.0.2.1' })).toEqual({
      code: 'IP_NOT_ALLOWED',
      statements: 1,
    });
  });
});
