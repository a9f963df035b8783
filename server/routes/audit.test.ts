import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminKey } from '../../src/contract/admin-key';
import type { AuditPage } from '../../src/contract/audit';
import type { Token } from '../../src/contract/token';
import { startTestService, type TestService } from '../test-support';

let service: TestService;
let operator: AdminKey;
let first: Token;
let second: Token;

/** The records of a query, oldest first, as [action, token_id, actor name]. */
const trail = async (query = '') => {
  const answer = await service.api('GET', `/api/audit/${query}`);
  expect(answer.status, answer.message).toBe(200);
  const page = answer.data as AuditPage;
  return page.items.map((record) => [record.action, record.token_id, record.actor.name]).reverse();
};

beforeAll(async () => {
  service = startTestService();
  operator = (
    await service.api('POST', '/api/admin-key/', { json: { name: 'Support', role: 'operator' } })
  ).data as AdminKey;
  first = await service.createToken({ name: 'First', remain_quota: 10 });
  second = await service.createToken({ name: 'Second', remain_quota: 10 });
  const asOperator = { auth: `Bearer ${operator.key}`, from: '203.0.113.9' };
  await service.api('PUT', '/api/token/', {
    ...asOperator,
    json: { id: first.id, remain_quota: 99 },
  });
  await service.api('POST', `/api/token/${second.id}/key`);
  await service.api('PUT', '/api/option/', { json: { key: 'QuotaPerUnit', value: '250000' } });
  await service.api('DELETE', `/api/token/${first.id}`);
});
afterAll(async () => {
  await service.close();
});

describe('the audit', () => {
  it('lists every change and reveal, newest first, with who made it', async () => {
    expect(await trail()).toEqual([
      ['admin_key.create', null, 'ADMIN_KEY'],
      ['token.create', first.id, 'ADMIN_KEY'],
      ['token.create', second.id, 'ADMIN_KEY'],
      ['token.update', first.id, 'Support'],
      ['token.reveal', second.id, 'ADMIN_KEY'],
      ['option.update', null, 'ADMIN_KEY'],
      ['token.delete', first.id, 'ADMIN_KEY'],
    ]);
  });

  it('keeps the records before and after, keys masked, and where the change came from', async () => {
    const page = (await service.api('GET', `/api/audit/?actor=${operator.id}`)).data as AuditPage;
    expect(page.items).toHaveLength(1);
    const [update] = page.items;
    expect(update).toMatchObject({
      actor: { id: operator.id, name: 'Support', role: 'operator' },
      ip: '203.0.113.9',
      action: 'token.update',
      token_id: first.id,
      before: { ...first, key: `${first.key.slice(0, 4)}**********${first.key.slice(-4)}` },
      after: { id: first.id, name: 'First', remain_quota: 99 },
    });
    expect(JSON.stringify(page)).not.toContain(first.key);
    const created = (await service.api('GET', '/api/audit/?action=admin_key.create'))
      .data as AuditPage;
    expect(created.items[0]!.after).toMatchObject({ id: operator.id, name: 'Support' });
    expect(JSON.stringify(created)).not.toContain(operator.key);
    const option = (await service.api('GET', '/api/audit/?action=option.update')).data as AuditPage;
    expect(option.items[0]).toMatchObject({
      before: { key: 'QuotaPerUnit', value: '500000' },
      after: { key: 'QuotaPerUnit', value: '250000' },
    });
  });

  it("filters by token, actor and action, and keeps a deleted token's history", async () => {
    expect(await trail(`?token_id=${first.id}`)).toEqual([
      ['token.create', first.id, 'ADMIN_KEY'],
      ['token.update', first.id, 'Support'],
      ['token.delete', first.id, 'ADMIN_KEY'],
    ]);
    expect(await trail(`?token_id=${second.id}&action=token.reveal&actor=0`)).toEqual([
      ['token.reveal', second.id, 'ADMIN_KEY'],
    ]);
    expect(await trail(`?token_id=${second.id}&actor=${operator.id}`)).toEqual([]);
  });

  it('pages with a total', async () => {
    const pages = [];
    for (const p of [1, 2, 3, 4]) {
      pages.push((await service.api('GET', `/api/audit/?size=2&p=${p}`)).data as AuditPage);
    }
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages[0]).toMatchObject({ total: 7, total_capped: false, page: 1, page_size: 2 });
    const ids = pages.flatMap((page) => page.items.map((record) => record.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(7);
  });

  it('answer 400 naming the id for a revoke of anything but an id, and 405 for a write to the audit', async () => {
    for (const path of ['/api/admin-key/self', '/api/admin-key/1.5', '/api/admin-key/-1']) {
      const refused = await service.api('DELETE', path);
      expect(refused.status, path).toBe(400);
      expect(refused.message).toContain('id must be a positive integer');
    }
    expect((await service.api('PUT', '/api/audit/')).status).toBe(405);
  });

  it('refuses a query out of its rules, naming the parameter', async () => {
    for (const [query, message] of [
      ['?action=token.explode', 'action must be one of token.create'],
      ['?size=0', 'size must be a whole number from 1 to 100'],
      ['?p=-1', 'p must be a whole number from 1'],
      ['?token_id=0', 'token_id must be a whole number from 1'],
      ['?actor=x', 'actor must be a whole number from 0'],
    ] as const) {
      const answer = await service.api('GET', `/api/audit/${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.message).toContain(message);
    }
  });
});
