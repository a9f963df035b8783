import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSchema, type Token } from '../../src/contract/token';
import { nowInSeconds } from '../store/token-record';
import { startTestService, type TestService } from '../test-support';

let service: TestService;
beforeAll(() => {
  service = startTestService();
});
afterAll(async () => {
  await service.close();
});

const DAY = 86_400;
const MASKED = /^[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/;

async function getToken(id: number): Promise<Token> {
  const response = await service.api('GET', `/api/token/${id}`);
  expect(response.status).toBe(200);
  return tokenSchema.parse(response.data);
}

async function revealKey(id: number): Promise<string> {
  const response = await service.api('POST', `/api/token/${id}/key`);
  expect(response.status).toBe(200);
  return (response.data as { key: string }).key;
}

describe('create', () => {
  it("accepts the seed's create body and returns the new token with its whole key", async () => {
    const before = nowInSeconds();
    const expiry = before + 30 * DAY;
    const response = await service.api('POST', '/api/token/', {
      json: {
        name: 'Production backend',
        remain_quota: 500000,
        expired_time: expiry,
        unlimited_quota: false,
      },
    });
    expect(response.status).toBe(200);
    expect(response.success).toBe(true);
    expect(response.message).toBe('');
    const token = tokenSchema.parse(response.data);
    expect(token).toMatchObject({
      name: 'Production backend',
      status: 1,
      remain_quota: 500000,
      used_quota: 0,
      unlimited_quota: false,
      expired_time: expiry,
      models: '',
      subnet: '',
    });
    expect(token.id).toBeGreaterThan(0);
    expect(token.key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(token.created_time).toBeGreaterThanOrEqual(before);
    expect(token.created_time).toBeLessThanOrEqual(nowInSeconds());
    expect(token.accessed_time).toBe(token.created_time);
  });

  it('fills omitted fields: never expires, 0 quota, limited, all models, any subnet', async () => {
    const token = await service.createToken({ name: 'Defaults' });
    expect(token).toMatchObject({
      expired_time: -1,
      remain_quota: 0,
      unlimited_quota: false,
      models: '',
      subnet: '',
    });
  });

  it('keeps models and subnet, trims the name and ignores unknown fields', async () => {
    const token = await service.createToken({
      name: '  Alice – notebook  ',
      remain_quota: 10,
      models: 'gpt-4o,gpt-4o-mini',
      subnet: '10.0.0.0/8',
      used_quota: 999,
      id: 12345,
      status: 2,
      color: 'blue',
    });
    expect(token.name).toBe('Alice – notebook');
    expect(token.models).toBe('gpt-4o,gpt-4o-mini');
    expect(token.subnet).toBe('10.0.0.0/8');
    expect(token.used_quota).toBe(0);
    expect(token.id).not.toBe(12345);
    expect(token.status).toBe(1);
  });

  it('refuses a subnet entry that is not an address or CIDR range, on create and update', async () => {
    const created = await service.api('POST', '/api/token/', {
      json: { name: 'Office only', subnet: '10.0.0.0/8, office' },
    });
    expect(created.status).toBe(400);
    expect(created.message).toBe(
      'subnet must list IP addresses or CIDR ranges, such as 10.0.0.0/8 or 2001:db8::/32: "office" is neither',
    );
    const token = await service.createToken({ name: 'Office', subnet: ' 10.0.0.0/8 ,::1' });
    expect(token.subnet).toBe(' 10.0.0.0/8 ,::1');
    const before = await getToken(token.id);
    const updated = await service.api('PUT', '/api/token/', {
      json: { id: token.id, name: 'Renamed', subnet: '10.0.0.0/33' },
    });
    expect(updated.status).toBe(400);
    expect(updated.message).toContain('"10.0.0.0/33" is neither');
    expect(await getToken(token.id)).toEqual(before);
    // Too long, it is refused for its length alone, not quoted back whole.
    const long = await service.api('PUT', '/api/token/', {
      json: { id: token.id, subnet: 'x'.repeat(5_000) },
    });
    expect(long.message).toBe('subnet must be at most 4096 characters');
    const quoted = await service.api('PUT', '/api/token/', {
      json: { id: token.id, subnet: `10.0.0.0/8,${'y'.repeat(80)}` },
    });
    expect(quoted.message).toContain(`"${'y'.repeat(50)}…" is neither`);
  });

  it('makes a different random key for every token', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      keys.add((await service.createToken({ name: `Key ${i}`, unlimited_quota: true })).key);
    }
    expect(keys.size).toBe(5);
  });

  it.each([
    [{ remain_quota: 1 }, 'name is required: 1 to 50 characters'],
    [{ name: '' }, 'name must be 1 to 50 characters'],
    [{ name: '   ' }, 'name must be 1 to 50 characters'],
    [{ name: 'x'.repeat(51) }, 'name must be 1 to 50 characters'],
    [{ name: 7 }, 'name must be a string'],
    [{ name: 'ok', remain_quota: '100' }, 'remain_quota must be a whole number'],
    [{ name: 'ok', remain_quota: 1.5 }, 'remain_quota must be a whole number'],
    [{ name: 'ok', remain_quota: -1 }, 'remain_quota must be between 0 and 1000000000000000'],
    [{ name: 'ok', remain_quota: 1e15 + 1 }, 'remain_quota must be between 0 and 1000000000000000'],
    [{ name: 'ok', expired_time: -2 }, 'expired_time must be -1 (never) or Unix seconds'],
    [{ name: 'ok', expired_time: '2030-01-01' }, 'expired_time must be -1 (never) or Unix seconds'],
    [{ name: 'ok', expired_time: 253402300800 }, 'expired_time must be at most 253402300799'],
    [{ name: 'ok', unlimited_quota: 'yes' }, 'unlimited_quota must be true or false'],
    [{ name: 'ok', models: 5 }, 'models must be a string'],
    [{ name: 'ok', subnet: 'x'.repeat(4097) }, 'subnet must be at most 4096 characters'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const before = (await service.list()).total;
    const response = await service.api('POST', '/api/token/', { json: body });
    expect(response.status).toBe(400);
    expect(response.success).toBe(false);
    expect(response.data).toBeNull();
    expect(response.message).toContain(message);
    expect((await service.list()).total).toBe(before);
  });
});

describe('keys', () => {
  it('masks the key in list, get and update, and reveals it whole', async () => {
    const created = await service.createToken({ name: 'Masking', remain_quota: 5 });
    const masked = `${created.key.slice(0, 4)}**********${created.key.slice(-4)}`;

    const listed = (await service.list(`token=${created.key}`)).items[0];
    expect(listed?.key).toBe(masked);
    expect((await getToken(created.id)).key).toBe(masked);
    const updated = await service.api('PUT', '/api/token/', {
      json: { id: created.id, name: 'Masked still' },
    });
    expect(tokenSchema.parse(updated.data).key).toMatch(MASKED);
    expect(tokenSchema.parse(updated.data).key).toBe(masked);

    expect(await revealKey(created.id)).toBe(created.key);
  });

  it('reveal answers 404 for an unknown id and 400 for a bad one', async () => {
    const unknown = await service.api('POST', '/api/token/999999/key');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('no token has id 999999');
    const bad = await service.api('POST', '/api/token/abc/key');
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('id must be a positive integer');
  });
});

describe('get', () => {
  it('answers one token, 404 for an unknown id, 400 for ids that are not positive integers', async () => {
    const created = await service.createToken({ name: 'Get me', remain_quota: 3 });
    expect(await getToken(created.id)).toMatchObject({
      id: created.id,
      name: 'Get me',
      remain_quota: 3,
    });
    expect((await service.api('GET', '/api/token/987654')).status).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '99999999999999999999']) {
      const response = await service.api('GET', `/api/token/${id}`);
      expect(response.status, id).toBe(400);
      expect(response.message).toBe('id must be a positive integer');
    }
  });
});

describe('update', () => {
  it("accepts the seed's update body: the whole token as loaded, key and counters ignored", async () => {
    const created = await service.createToken({ name: 'Full object', remain_quota: 100 });
    const loaded = await getToken(created.id);
    const expiry = nowInSeconds() + 10 * DAY;
    const response = await service.api('PUT', '/api/token/', {
      json: {
        ...loaded,
        name: 'Full object, edited',
        remain_quota: 250,
        expired_time: expiry,
        used_quota: 77,
      },
    });
    expect(response.status).toBe(200);
    const updated = tokenSchema.parse(response.data);
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Full object, edited',
      remain_quota: 250,
      expired_time: expiry,
      used_quota: 0,
      created_time: created.created_time,
    });
    // The masked key sent back is not stored in place of the real one.
    expect(await revealKey(created.id)).toBe(created.key);
  });

  it('keeps the fields a partial update leaves out', async () => {
    const created = await service.createToken({
      name: 'Partial',
      remain_quota: 40,
      expired_time: nowInSeconds() + DAY,
      models: 'gpt-4o',
      subnet: '192.168.0.0/16',
    });
    const response = await service.api('PUT', '/api/token', {
      json: { id: created.id, remain_quota: 41 },
    });
    expect(response.status).toBe(200);
    expect(await getToken(created.id)).toMatchObject({
      name: 'Partial',
      remain_quota: 41,
      expired_time: created.expired_time,
      unlimited_quota: false,
      status: 1,
      models: 'gpt-4o',
      subnet: '192.168.0.0/16',
    });
  });

  it('answers 404 for an unknown id and 400 without an id', async () => {
    const unknown = await service.api('PUT', '/api/token/', { json: { id: 424242, name: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('no token has id 424242');
    const missing = await service.api('PUT', '/api/token/', { json: { name: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('id must be a positive integer');
    const unknownStatus = await service.api('PUT', '/api/token/', { json: { id: 1, status: 5 } });
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.message).toBe('status must be 1 (enabled) or 2 (disabled)');
  });

  it('changes only the status with ?status_only=true, ignoring other fields', async () => {
    const created = await service.createToken({ name: 'Switch', remain_quota: 9 });
    const response = await service.api('PUT', '/api/token/?status_only=true', {
      json: { id: created.id, status: 2, name: 'Renamed?', remain_quota: 1 },
    });
    expect(response.status).toBe(200);
    expect(tokenSchema.parse(response.data)).toMatchObject({
      status: 2,
      name: 'Switch',
      remain_quota: 9,
    });
    const missingStatus = await service.api('PUT', '/api/token/?status_only=true', {
      json: { id: created.id },
    });
    expect(missingStatus.status).toBe(400);
    expect(missingStatus.message).toContain('status must be 1 (enabled) or 2 (disabled)');
    const badFlag = await service.api('PUT', '/api/token/?status_only=maybe', {
      json: { id: created.id, status: 1 },
    });
    expect(badFlag.status).toBe(400);
    expect(badFlag.message).toBe('status_only must be true or false');
  });
});

describe('returned status', () => {
  it('is 3 for an enabled token whose expiry has passed, 4 for an enabled limited token with no quota', async () => {
    const now = nowInSeconds();
    const expired = await service.createToken({
      name: 'Expired',
      remain_quota: 5,
      expired_time: now - 60,
    });
    const exhausted = await service.createToken({ name: 'Exhausted', remain_quota: 0 });
    const both = await service.createToken({
      name: 'Both',
      remain_quota: 0,
      expired_time: now - 60,
    });
    const unlimited = await service.createToken({
      name: 'Unlimited',
      remain_quota: 0,
      unlimited_quota: true,
    });
    const atThisSecond = await service.createToken({
      name: 'Now',
      remain_quota: 1,
      expired_time: now,
    });
    expect(expired.status).toBe(3);
    expect(exhausted.status).toBe(4);
    // Expired wins: more quota would not make it usable.
    expect(both.status).toBe(3);
    expect(unlimited.status).toBe(1);
    expect(atThisSecond.status).toBe(3);
    expect((await getToken(expired.id)).status).toBe(3);
    expect((await getToken(exhausted.id)).status).toBe(4);
  });

  it('is 2 for a disabled token, whatever its expiry and quota', async () => {
    const token = await service.createToken({ name: 'Off', remain_quota: 0, expired_time: 1 });
    await service.api('PUT', '/api/token/?status_only=true', { json: { id: token.id, status: 2 } });
    expect((await getToken(token.id)).status).toBe(2);
  });

  it('follows an update that moves the expiry into the past without touching status', async () => {
    const token = await service.createToken({ name: 'Soon past', remain_quota: 1 });
    const response = await service.api('PUT', '/api/token/', {
      json: { id: token.id, expired_time: 1000 },
    });
    expect(response.status).toBe(200);
    expect(tokenSchema.parse(response.data).status).toBe(3);
  });
});

describe('enabling', () => {
  async function disabled(body: Record<string, unknown>): Promise<Token> {
    const token = await service.createToken(body);
    await service.api('PUT', '/api/token/?status_only=true', { json: { id: token.id, status: 2 } });
    return getToken(token.id);
  }

  it.each([
    ['status only', '/api/token/?status_only=true'],
    ['update', '/api/token/'],
  ])('refuses to enable an expired token (%s) and changes nothing', async (_kind, path) => {
    const token = await disabled({
      name: 'Expired, off',
      remain_quota: 5,
      expired_time: nowInSeconds() - DAY,
    });
    const response = await service.api('PUT', path, { json: { id: token.id, status: 1 } });
    expect(response.status).toBe(400);
    expect(response.message).toBe('expired: change the expiry first');
    expect(await getToken(token.id)).toEqual(token);
  });

  it.each([
    ['status only', '/api/token/?status_only=true'],
    ['update', '/api/token/'],
  ])('refuses to enable an exhausted token (%s) and changes nothing', async (_kind, path) => {
    const token = await disabled({ name: 'Exhausted, off', remain_quota: 0 });
    const response = await service.api('PUT', path, { json: { id: token.id, status: 1 } });
    expect(response.status).toBe(400);
    expect(response.message).toBe('exhausted: add quota or make it unlimited first');
    expect(await getToken(token.id)).toEqual(token);
  });

  it('refuses an update that enables and changes other fields, leaving all of them as they were', async () => {
    const token = await disabled({ name: 'Keep me', remain_quota: 5, expired_time: 1000 });
    const response = await service.api('PUT', '/api/token/', {
      json: { id: token.id, status: 1, name: 'Changed', remain_quota: 99 },
    });
    expect(response.status).toBe(400);
    expect(await getToken(token.id)).toEqual(token);
  });

  it.each([
    ['status only', '/api/token/?status_only=true'],
    ['update', '/api/token/'],
  ])(
    'refuses status 1 for a token already on that has expired or run out (%s)',
    async (_kind, path) => {
      const expired = await service.createToken({
        name: 'Lapsed',
        remain_quota: 5,
        expired_time: nowInSeconds() - DAY,
      });
      const empty = await service.createToken({ name: 'Spent', remain_quota: 0 });
      for (const [token, message] of [
        [expired, 'expired: change the expiry first'],
        [empty, 'exhausted: add quota or make it unlimited first'],
      ] as const) {
        const before = await getToken(token.id);
        const response = await service.api('PUT', path, { json: { id: token.id, status: 1 } });
        expect(response.status).toBe(400);
        expect(response.message).toBe(message);
        expect(await getToken(token.id)).toEqual(before);
      }
    },
  );

  it('lets a token that has expired or run out be edited without status, and keeps its switch', async () => {
    const expired = await service.createToken({
      name: 'Lapsed',
      remain_quota: 5,
      expired_time: nowInSeconds() - DAY,
    });
    const renamed = await service.api('PUT', '/api/token/', {
      json: { id: expired.id, name: 'Lapsed, renamed', remain_quota: 7 },
    });
    expect(renamed.status).toBe(200);
    expect(tokenSchema.parse(renamed.data)).toMatchObject({
      name: 'Lapsed, renamed',
      remain_quota: 7,
      status: 3,
    });

    const empty = await service.createToken({ name: 'Spent', remain_quota: 0 });
    // Sent back as it was read, status 4 included: the switch stays as it is.
    const asRead = await getToken(empty.id);
    const sentBack = await service.api('PUT', '/api/token/', {
      json: { ...asRead, name: 'Spent, renamed' },
    });
    expect(sentBack.status).toBe(200);
    expect(tokenSchema.parse(sentBack.data)).toMatchObject({ name: 'Spent, renamed', status: 4 });
    const statusOnly = await service.api('PUT', '/api/token/?status_only=true', {
      json: { id: empty.id, status: 4 },
    });
    expect(statusOnly.status).toBe(200);
    expect(tokenSchema.parse(statusOnly.data).status).toBe(4);
  });

  it('allows enabling when the same update fixes the expiry or the quota', async () => {
    const expired = await disabled({ name: 'Fix expiry', remain_quota: 5, expired_time: 1000 });
    const future = nowInSeconds() + DAY;
    const fixedExpiry = await service.api('PUT', '/api/token/', {
      json: { id: expired.id, status: 1, expired_time: future },
    });
    expect(fixedExpiry.status).toBe(200);
    expect(tokenSchema.parse(fixedExpiry.data)).toMatchObject({ status: 1, expired_time: future });

    const never = await disabled({ name: 'Fix by never', remain_quota: 5, expired_time: 1000 });
    const fixedByNever = await service.api('PUT', '/api/token/', {
      json: { id: never.id, status: 1, expired_time: -1 },
    });
    expect(tokenSchema.parse(fixedByNever.data).status).toBe(1);

    const empty = await disabled({ name: 'Fix quota', remain_quota: 0 });
    const fixedQuota = await service.api('PUT', '/api/token/', {
      json: { id: empty.id, status: 1, remain_quota: 10 },
    });
    expect(tokenSchema.parse(fixedQuota.data)).toMatchObject({ status: 1, remain_quota: 10 });

    const capped = await disabled({ name: 'Fix by unlimited', remain_quota: 0 });
    const fixedUnlimited = await service.api('PUT', '/api/token/', {
      json: { id: capped.id, status: 1, unlimited_quota: true },
    });
    expect(tokenSchema.parse(fixedUnlimited.data)).toMatchObject({
      status: 1,
      unlimited_quota: true,
    });
  });

  it('allows disabling an expired or exhausted token', async () => {
    const token = await service.createToken({
      name: 'Expired, on',
      remain_quota: 0,
      expired_time: 1000,
    });
    const response = await service.api('PUT', '/api/token/?status_only=true', {
      json: { id: token.id, status: 2 },
    });
    expect(response.status).toBe(200);
    expect(tokenSchema.parse(response.data).status).toBe(2);
  });
});

describe('delete', () => {
  it('deletes one token and answers its id; a second delete is 404', async () => {
    const token = await service.createToken({ name: 'Delete me' });
    const response = await service.api('DELETE', `/api/token/${token.id}`);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ id: token.id });
    expect((await service.api('GET', `/api/token/${token.id}`)).status).toBe(404);
    const again = await service.api('DELETE', `/api/token/${token.id}/`);
    expect(again.status).toBe(404);
    expect(again.message).toBe(`no token has id ${token.id}`);
  });

  it.each(['0', '-1', 'abc', '1.5', '%20'])(
    'answers 400 for id %j and deletes nothing',
    async (id) => {
      const before = (await service.list()).total;
      const response = await service.api('DELETE', `/api/token/${id}`);
      expect(response.status).toBe(400);
      expect(response.message).toBe('id must be a positive integer');
      expect((await service.list()).total).toBe(before);
    },
  );

  it('never hands out an id twice, even after the newest token is deleted', async () => {
    const newest = await service.createToken({ name: 'Newest' });
    await service.api('DELETE', `/api/token/${newest.id}`);
    const next = await service.createToken({ name: 'Next' });
    expect(next.id).toBeGreaterThan(newest.id);
  });
});

describe('batch delete', () => {
  it('deletes the listed tokens and answers how many there were', async () => {
    const a = await service.createToken({ name: 'Batch A' });
    const b = await service.createToken({ name: 'Batch B' });
    const keep = await service.createToken({ name: 'Batch keep' });
    const response = await service.api('POST', '/api/token/batch', {
      json: { ids: [a.id, b.id, 888888] },
    });
    expect(response.status).toBe(200);
    expect(response.data).toBe(2);
    expect((await service.api('GET', `/api/token/${a.id}`)).status).toBe(404);
    expect((await service.api('GET', `/api/token/${b.id}`)).status).toBe(404);
    expect((await service.api('GET', `/api/token/${keep.id}`)).status).toBe(200);
  });

  it.each([
    [{ ids: [] }, 'ids must hold 1 to 100 token ids'],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids must hold 1 to 100 token ids'],
    [{ ids: 'all' }, 'ids must be an array of token ids'],
    [{}, 'ids must be an array of token ids'],
    [{ ids: [1, 0] }, 'ids.1: id must be a positive integer'],
  ])('refuses %j with 400 and deletes nothing', async (body, message) => {
    const before = (await service.list()).total;
    const response = await service.api('POST', '/api/token/batch', { json: body });
    expect(response.status).toBe(400);
    expect(response.message).toBe(message);
    expect((await service.list()).total).toBe(before);
  });
});
