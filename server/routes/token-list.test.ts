import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ORDERS, type Token } from '../../src/contract/token';
import { tokenPageSchema } from '../../src/contract/token-page';
import { nowInSeconds } from '../store/token-record';
import { startTestService, type TestService } from '../test-support';

let service: TestService;
/** Created in this order; ids ascend with it. */
let tokens: Token[];
const now = nowInSeconds();
const DAY = 86_400;

beforeAll(async () => {
  service = startTestService();
  const bodies: Record<string, unknown>[] = [
    { name: 'Production backend', remain_quota: 500, expired_time: -1 },
    { name: 'Staging', remain_quota: 500, expired_time: now + 10 * DAY },
    { name: 'Alice – notebook', remain_quota: 20, expired_time: now + 2 * DAY },
    { name: 'alice – laptop', remain_quota: 20, expired_time: now - DAY },
    { name: 'CI runner', remain_quota: 0, expired_time: -1 },
    { name: 'Émilie ÄRGER', remain_quota: 7, expired_time: now + 10 * DAY },
    { name: '生产环境', remain_quota: 0, unlimited_quota: true, expired_time: -1 },
    { name: '测试环境 – staging', remain_quota: 7, expired_time: now - 2 * DAY },
    { name: 'Quote "this" 100%_done', remain_quota: 3, expired_time: -1 },
    { name: 'staging', remain_quota: 0, expired_time: now - DAY },
  ];
  tokens = [];
  for (const body of bodies) tokens.push(await service.createToken(body));
  // Disabled: Staging (id of index 1) and CI runner (index 4).
  for (const index of [1, 4]) {
    await service.api('PUT', '/api/token/?status_only=true', {
      json: { id: tokens[index]?.id, status: 2 },
    });
  }
});
afterAll(async () => {
  await service.close();
});

const idsOf = (page: { items: Token[] }) => page.items.map((token) => token.id);
const namesOf = (page: { items: Token[] }) => page.items.map((token) => token.name);

describe('paging', () => {
  it('defaults to page 1 of 10, newest first, with the total', async () => {
    const page = await service.list();
    expect(page.total).toBe(10);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(10);
    expect(idsOf(page)).toEqual(tokens.map((token) => token.id).reverse());
  });

  it('walks pages with p and size; a page past the end is empty but keeps the total', async () => {
    const first = await service.list('p=1&size=4');
    const second = await service.list('p=2&size=4');
    const third = await service.list('p=3&size=4');
    const past = await service.list('p=4&size=4');
    expect([
      first.items.length,
      second.items.length,
      third.items.length,
      past.items.length,
    ]).toEqual([4, 4, 2, 0]);
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(
      idsOf(await service.list('size=100')),
    );
    expect(past).toMatchObject({ total: 10, page: 4, page_size: 4 });
  });

  it('treats empty parameters as not given', async () => {
    const page = await service.list('p=&size=&keyword=&token=&status=&order=');
    expect(page).toMatchObject({ total: 10, page: 1, page_size: 10 });
  });

  it.each([
    ['p=0', 'p must be a whole number from 1 to 1000000000'],
    ['p=-1', 'p must be a whole number from 1 to 1000000000'],
    ['p=1.5', 'p must be a whole number from 1 to 1000000000'],
    ['size=0', 'size must be a whole number from 1 to 100'],
    ['size=101', 'size must be a whole number from 1 to 100'],
    ['size=ten', 'size must be a whole number from 1 to 100'],
    ['status=5', 'status must be 1 (enabled), 2 (disabled), 3 (expired) or 4 (exhausted)'],
    [
      'order=key',
      'order must be one of id, name, remain_quota, used_quota, created_time, expired_time, accessed_time',
    ],
    ['order=--id', 'order must be one of'],
    [`keyword=${'k'.repeat(201)}`, 'keyword must be at most 200 characters'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const response = await service.api('GET', `/api/token/?${query}`);
    expect(response.status).toBe(400);
    expect(response.message).toContain(message);
  });
});

describe('keyword', () => {
  const search = async (keyword: string) =>
    namesOf(await service.list(`keyword=${encodeURIComponent(keyword)}&order=id&size=100`));

  it('matches names containing it, ignoring case, for long keywords', async () => {
    expect(await search('ALICE')).toEqual(['Alice – notebook', 'alice – laptop']);
    expect(await search('staging')).toEqual(['Staging', '测试环境 – staging', 'staging']);
    expect(await search('ction bac')).toEqual(['Production backend']);
    expect(await search('nothing like this')).toEqual([]);
  });

  it('folds case beyond ASCII', async () => {
    expect(await search('émilie')).toEqual(['Émilie ÄRGER']);
    expect(await search('ärger')).toEqual(['Émilie ÄRGER']);
    expect(await search('生产环境')).toEqual(['生产环境']);
    expect(await search('环境')).toEqual(['生产环境', '测试环境 – staging']);
  });

  it('matches short keywords of one or two characters too', async () => {
    expect(await search('al')).toEqual(['Alice – notebook', 'alice – laptop']);
    expect(await search('AL')).toEqual(['Alice – notebook', 'alice – laptop']);
    expect(await search('é')).toEqual(['Émilie ÄRGER']);
    expect(await search('Ä')).toEqual(['Émilie ÄRGER']);
    expect(await search('测')).toEqual(['测试环境 – staging']);
    expect(await search('q')).toEqual(['Quote "this" 100%_done']);
  });

  it('takes quotes, % and _ literally', async () => {
    expect(await search('"this"')).toEqual(['Quote "this" 100%_done']);
    expect(await search('%_')).toEqual(['Quote "this" 100%_done']);
    expect(await search('0%')).toEqual(['Quote "this" 100%_done']);
    expect(await search('_')).toEqual(['Quote "this" 100%_done']);
    expect(await search('%')).toEqual(['Quote "this" 100%_done']);
  });

  it('never fails on keywords that look like search syntax or hold odd characters', async () => {
    const odd = [
      'NEAR(',
      '*',
      '"""',
      'a"b',
      'x OR y',
      '^ab',
      'a:b',
      '\u0000abc',
      '\u0000',
      '\\',
      '😀😀😀',
    ];
    for (const keyword of odd) {
      const response = await service.api(
        'GET',
        `/api/token/?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(response.status, JSON.stringify(keyword)).toBe(200);
      expect(tokenPageSchema.parse(response.data).total).toBe(0);
    }
  });

  it('ignores blanks around the keyword', async () => {
    expect(await search('  runner ')).toEqual(['CI runner']);
  });

  it('counts the total of all matches, not of the page', async () => {
    const page = await service.list('keyword=staging&size=1');
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
  });
});

describe('token', () => {
  it('finds a token by its whole key, with or without sk-', async () => {
    const target = tokens[2] as Token;
    for (const form of [target.key, `sk-${target.key}`, `  sk-${target.key} `]) {
      const page = await service.list(`token=${encodeURIComponent(form)}`);
      expect(idsOf(page)).toEqual([target.id]);
      expect(page.total).toBe(1);
    }
  });

  it('finds nothing for a part of a key, a masked key or another key', async () => {
    const target = tokens[2] as Token;
    for (const form of [
      target.key.slice(0, 20),
      `${target.key.slice(0, 4)}**********${target.key.slice(-4)}`,
      'x'.repeat(48),
    ]) {
      const page = await service.list(`token=${encodeURIComponent(form)}`);
      expect(page.total).toBe(0);
    }
  });

  it('combines with keyword', async () => {
    const target = tokens[2] as Token;
    expect((await service.list(`token=${target.key}&keyword=alice`)).total).toBe(1);
    expect((await service.list(`token=${target.key}&keyword=staging`)).total).toBe(0);
  });
});

describe('status filter', () => {
  const byStatus = async (status: number) =>
    namesOf(await service.list(`status=${status}&order=id&size=100`));

  it('filters by the status people see', async () => {
    expect(await byStatus(1)).toEqual([
      'Production backend',
      'Alice – notebook',
      'Émilie ÄRGER',
      '生产环境',
      'Quote "this" 100%_done',
    ]);
    expect(await byStatus(2)).toEqual(['Staging', 'CI runner']);
    expect(await byStatus(3)).toEqual(['alice – laptop', '测试环境 – staging', 'staging']);
    expect(await byStatus(4)).toEqual([]);
  });

  it('shows exhausted tokens under 4 and each item carries the returned status', async () => {
    const exhausted = await service.createToken({ name: 'Empty now', remain_quota: 0 });
    try {
      const page = await service.list('status=4');
      expect(idsOf(page)).toEqual([exhausted.id]);
      expect(page.items.every((token) => token.status === 4)).toBe(true);
    } finally {
      await service.api('DELETE', `/api/token/${exhausted.id}`);
    }
  });

  it('combines with keyword and gives a matching total', async () => {
    const page = await service.list('status=3&keyword=staging');
    expect(namesOf(page)).toEqual(['staging', '测试环境 – staging']);
    expect(page.total).toBe(2);
  });
});

describe('order', () => {
  /** Field values of every token, for checking an order independently of the service. */
  function expectedIds(field: (typeof TOKEN_ORDERS)[number], descending: boolean): number[] {
    const value = (token: Token): number | string => {
      if (field === 'name') return token.name.toLowerCase();
      if (field === 'expired_time')
        return token.expired_time === -1 ? Number.MAX_SAFE_INTEGER : token.expired_time;
      return token[field];
    };
    const sorted = [...tokens].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const byField = x < y ? -1 : x > y ? 1 : 0;
      return byField !== 0 ? byField : a.id - b.id;
    });
    const ids = sorted.map((token) => token.id);
    return descending ? ids.reverse() : ids;
  }

  it.each(TOKEN_ORDERS.flatMap((field) => [field, `-${field}`]))(
    'orders by %s with ties broken by id in the same direction',
    async (order) => {
      const descending = order.startsWith('-');
      const field = (descending ? order.slice(1) : order) as (typeof TOKEN_ORDERS)[number];
      const all = await service.list(`order=${order}&size=100`);
      expect(idsOf(all)).toEqual(expectedIds(field, descending));
      // Paging through the same order gives the same sequence: no token twice, none lost.
      const paged: number[] = [];
      for (let p = 1; p <= 4; p += 1)
        paged.push(...idsOf(await service.list(`order=${order}&size=3&p=${p}`)));
      expect(paged).toEqual(idsOf(all));
    },
  );

  it('has ties to break: several tokens share each quota value', () => {
    expect(new Set(tokens.map((token) => token.remain_quota)).size).toBeLessThan(tokens.length);
    expect(new Set(tokens.map((token) => token.expired_time)).size).toBeLessThan(tokens.length);
  });

  it('puts tokens that never expire after every date when ordering by expiry', async () => {
    const page = await service.list('order=expired_time&size=100');
    const expiries = page.items.map((token) => token.expired_time);
    expect(expiries.slice(-4)).toEqual([-1, -1, -1, -1]);
    expect(expiries.slice(0, -4)).toEqual([...expiries.slice(0, -4)].sort((a, b) => a - b));
  });
});

describe('search', () => {
  it('answers exactly like the list for the same parameters', async () => {
    for (const query of [
      'keyword=staging&p=1&size=2',
      'status=1&order=name',
      `token=sk-${tokens[0]?.key}`,
      '',
    ]) {
      const list = await service.api('GET', `/api/token/?${query}`);
      const search = await service.api('GET', `/api/token/search?${query}`);
      expect(search.status).toBe(200);
      expect(tokenPageSchema.parse(search.data)).toEqual(tokenPageSchema.parse(list.data));
    }
  });

  it('refuses bad parameters the same way', async () => {
    const response = await service.api('GET', '/api/token/search?size=1000');
    expect(response.status).toBe(400);
    expect(response.message).toContain('size must be a whole number from 1 to 100');
  });
});
