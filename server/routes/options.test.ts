import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { optionSchema, statusInfoSchema } from '../../src/contract/status';
import { startTestService, type TestService } from '../test-support';
import { SERVICE_VERSION } from '../version';

let service: TestService;
beforeAll(() => {
  service = startTestService();
});
afterAll(async () => {
  await service.close();
});

const status = async () =>
  statusInfoSchema.parse((await service.api('GET', '/api/status', { auth: false })).data);

describe('status', () => {
  it('answers version, quota per unit and currency display without an admin key', async () => {
    const response = await service.api('GET', '/api/status', { auth: false });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      version: SERVICE_VERSION,
      quota_per_unit: 500000,
      display_in_currency: true,
    });
    expect(SERVICE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('options', () => {
  it('lists every option as strings, defaults included', async () => {
    const response = await service.api('GET', '/api/option/');
    expect(response.status).toBe(200);
    expect(optionSchema.array().parse(response.data)).toEqual([
      { key: 'QuotaPerUnit', value: '500000' },
      { key: 'DisplayInCurrencyEnabled', value: 'true' },
      { key: 'AlertLowQuotaPercent', value: '10' },
      { key: 'AlertExpiringDays', value: '7' },
    ]);
  });

  it('stores QuotaPerUnit given as a number or a string, and /api/status follows', async () => {
    const asNumber = await service.api('PUT', '/api/option/', {
      json: { key: 'QuotaPerUnit', value: 1000000 },
    });
    expect(asNumber.status).toBe(200);
    expect(asNumber.data).toContainEqual({ key: 'QuotaPerUnit', value: '1000000' });
    expect((await status()).quota_per_unit).toBe(1000000);

    const asString = await service.api('PUT', '/api/option', {
      json: { key: 'QuotaPerUnit', value: '0.5' },
    });
    expect(asString.status).toBe(200);
    expect((await status()).quota_per_unit).toBe(0.5);
    expect((await service.api('GET', '/api/option/')).data).toContainEqual({
      key: 'QuotaPerUnit',
      value: '0.5',
    });
  });

  it('stores DisplayInCurrencyEnabled given as a boolean or a string, and /api/status follows', async () => {
    await service.api('PUT', '/api/option/', {
      json: { key: 'DisplayInCurrencyEnabled', value: false },
    });
    expect((await status()).display_in_currency).toBe(false);
    await service.api('PUT', '/api/option/', {
      json: { key: 'DisplayInCurrencyEnabled', value: 'true' },
    });
    expect((await status()).display_in_currency).toBe(true);
  });

  it.each([
    [
      { key: 'SystemName', value: 'x' },
      'key must be one of QuotaPerUnit, DisplayInCurrencyEnabled',
    ],
    [{ value: '1' }, 'key must be one of QuotaPerUnit, DisplayInCurrencyEnabled'],
    [
      { key: 'QuotaPerUnit', value: 0 },
      'QuotaPerUnit must be greater than 0 and at most 1000000000000',
    ],
    [{ key: 'QuotaPerUnit', value: '-5' }, 'QuotaPerUnit must be greater than 0'],
    [{ key: 'QuotaPerUnit', value: 'lots' }, 'QuotaPerUnit must be a number'],
    [{ key: 'QuotaPerUnit', value: 1e13 }, 'at most 1000000000000'],
    [{ key: 'QuotaPerUnit', value: true }, 'value must be a number'],
    [{ key: 'DisplayInCurrencyEnabled', value: 'yes' }, 'value must be true or false'],
  ])('refuses %j with 400 and keeps the stored value', async (body, message) => {
    const before = (await service.api('GET', '/api/option/')).data;
    const response = await service.api('PUT', '/api/option/', { json: body });
    expect(response.status).toBe(400);
    expect(response.message).toContain(message);
    expect((await service.api('GET', '/api/option/')).data).toEqual(before);
  });
});

describe('health', () => {
  it('answers 200 while the database answers', async () => {
    const response = await service.api('GET', '/healthz', { auth: false });
    expect(response.status).toBe(200);
    expect(response.success).toBe(true);
  });
});

describe('faults of the service', () => {
  it('answer 500 "internal error" without details, and health turns 503', async () => {
    const broken = startTestService();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await broken.store.close();
      const list = await broken.api('GET', '/api/token/');
      expect(list.status).toBe(500);
      expect(list).toMatchObject({ success: false, message: 'internal error', data: null });
      const create = await broken.api('POST', '/api/token/', { json: { name: 'x' } });
      expect(create.status).toBe(500);
      expect(JSON.stringify(create)).not.toMatch(/at .*\.ts|database|sqlite/i);

      const health = await broken.api('GET', '/healthz', { auth: false });
      expect(health.status).toBe(503);
      expect(health.success).toBe(false);
      // The fault is logged for the operator, with method and path only.
      expect(logged).toHaveBeenCalledWith('Unexpected error in GET /api/token:', expect.any(Error));
    } finally {
      logged.mockRestore();
      await broken.close();
    }
  });
});
