import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSummarySchema } from '../../src/contract/token-page';
import { nowInSeconds } from '../store/token-record';
import { startTestService, type TestService } from '../test-support';

let service: TestService;
beforeAll(() => {
  service = startTestService();
});
afterAll(async () => {
  await service.close();
});

describe('summary', () => {
  it('counts tokens by returned status and sums the quota left on limited ones', async () => {
    const now = nowInSeconds();
    await service.createToken({ name: 'enabled', remain_quota: 3_000_000 });
    await service.createToken({ name: 'exhausted', remain_quota: 0 });
    await service.createToken({ name: 'expired', remain_quota: 500, expired_time: now - 60 });
    await service.createToken({ name: 'unlimited', remain_quota: 7, unlimited_quota: true });
    const off = await service.createToken({ name: 'disabled', remain_quota: 1_000_000 });
    await service.api('PUT', '/api/token/?status_only=true', { json: { id: off.id, status: 2 } });

    const response = await service.api('GET', '/api/token/summary');
    expect(response.status).toBe(200);
    expect(tokenSummarySchema.parse(response.data)).toEqual({
      total: 5,
      enabled: 2,
      disabled: 1,
      expired: 1,
      exhausted: 1,
      unlimited: 1,
      remain_quota: 3_000_000 + 0 + 500 + 1_000_000,
    });
  });

  it('needs the admin key', async () => {
    const response = await service.api('GET', '/api/token/summary', { auth: false });
    expect(response.status).toBe(401);
  });
});
