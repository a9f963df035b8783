import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminKey, AdminRole } from '../../src/contract/admin-key';
import { OPERATIONS } from '../../src/contract/operations';
import type { Model } from '../../src/contract/model';
import type { Token } from '../../src/contract/token';
import { ECHO_BASE_URL } from '../gateway/echo-upstream';
import {
  snapshotStore,
  startTestService,
  type RequestOptions,
  type TestService,
} from '../test-support';

/**
 * Every route that needs an admin key, called with a key of every role: allowed, or 403 naming
 * the role with nothing changed. The table restates the roles as the API document describes
 * them, rather than reading the service's own rules, so the two can disagree.
 */

let service: TestService;
const keys = {} as Record<AdminRole, string>;
const ROLES: AdminRole[] = ['owner', 'operator', 'viewer', 'gateway'];

beforeAll(async () => {
  service = startTestService();
  for (const role of ROLES) {
    const created = await service.api('POST', '/api/admin-key/', {
      json: { name: `The ${role}`, role },
    });
    expect(created.status).toBe(200);
    keys[role] = (created.data as AdminKey).key;
  }
});
afterAll(async () => {
  await service.close();
});

const bearer = (role: AdminRole) => `Bearer ${keys[role]}`;

/** A token made by ADMIN_KEY for one call to act on. */
const freshToken = () =>
  service.createToken({ name: 'Target', remain_quota: 1000, models: 'gpt-4o', subnet: '' });

/** A model answered by the built-in echo upstream: a test of it needs no network. */
const ECHO_MODEL = { upstream_url: ECHO_BASE_URL, input_price: 1, output_price: 2 };

/** A model made by ADMIN_KEY for one call to act on; its id. */
async function echoModel(token: Token): Promise<number> {
  const made = await service.api('POST', '/api/model/', {
    json: { ...ECHO_MODEL, name: `Model ${token.id}` },
  });
  expect(made.status, made.message).toBe(200);
  return (made.data as Model).id;
}

/** A webhook endpoint made by ADMIN_KEY for one call to act on; its id. */
async function freshWebhook(): Promise<number> {
  const created = await service.api('POST', '/api/webhook/', {
    json: { url: 'https://hooks.example.com/target', enabled: false },
  });
  return (created.data as { id: number }).id;
}

type Call = (
  token: Token,
) => Promise<[string, string, RequestOptions]> | [string, string, RequestOptions];
type Allowed = readonly AdminRole[];

const READERS: Allowed = ['owner', 'operator', 'viewer'];
const EDITORS: Allowed = ['owner', 'operator'];
const OWNER: Allowed = ['owner'];
const GATEWAYS: Allowed = ['owner', 'gateway'];
const EVERY: Allowed = ROLES;

/** [operation id, what the case does, the call, the roles allowed]. */
const TABLE: Array<[string, string, Call, Allowed]> = [
  ['listTokens', 'list', () => ['GET', '/api/token/', {}], READERS],
  ['searchTokens', 'search', () => ['GET', '/api/token/search?keyword=Target', {}], READERS],
  ['summarizeTokens', 'count', () => ['GET', '/api/token/summary', {}], READERS],
  ['getToken', 'read one', (token) => ['GET', `/api/token/${token.id}`, {}], READERS],
  ['createToken', 'create', () => ['POST', '/api/token/', { json: { name: 'New' } }], OWNER],
  [
    'updateToken',
    'top up and rename',
    (token) => [
      'PUT',
      '/api/token/',
      { json: { id: token.id, name: 'Topped', remain_quota: 5000 } },
    ],
    EDITORS,
  ],
  [
    'updateToken',
    'switch off',
    (token) => ['PUT', '/api/token/?status_only=true', { json: { id: token.id, status: 2 } }],
    EDITORS,
  ],
  [
    'updateToken',
    'refill and limit',
    (token) => [
      'PUT',
      '/api/token/',
      { json: { id: token.id, quota_reset_period: 'daily', quota_reset_amount: 10, rpm_limit: 5 } },
    ],
    EDITORS,
  ],
  [
    'updateToken',
    'send models and subnet as they are',
    (token) => ['PUT', '/api/token/', { json: { ...token, expired_time: 4_102_444_800 } }],
    EDITORS,
  ],
  [
    'updateToken',
    'change models',
    (token) => ['PUT', '/api/token/', { json: { id: token.id, models: 'gpt-4o,o3' } }],
    OWNER,
  ],
  [
    'updateToken',
    'change subnet',
    (token) => ['PUT', '/api/token/', { json: { id: token.id, subnet: '10.0.0.0/8' } }],
    OWNER,
  ],
  ['deleteToken', 'delete', (token) => ['DELETE', `/api/token/${token.id}`, {}], OWNER],
  [
    'deleteTokens',
    'delete several',
    (token) => ['POST', '/api/token/batch', { json: { ids: [token.id] } }],
    OWNER,
  ],
  ['revealTokenKey', 'reveal', (token) => ['POST', `/api/token/${token.id}/key`, {}], OWNER],
  [
    'rotateTokenKey',
    'rotate',
    (token) => ['POST', `/api/token/${token.id}/rotate`, { json: { grace_seconds: 60 } }],
    OWNER,
  ],
  [
    'verifyToken',
    'verify and charge',
    async (token) => {
      const key = (await service.api('POST', `/api/token/${token.id}/key`)).data as { key: string };
      return ['POST', '/api/token/verify', { json: { key: key.key, model: 'gpt-4o', cost: 1 } }];
    },
    GATEWAYS,
  ],
  [
    'reportUsage',
    'report usage',
    (token) => [
      'POST',
      '/api/token/usage',
      { json: { token_id: token.id, quota: 3, request_id: `r-${token.id}` } },
    ],
    GATEWAYS,
  ],
  [
    'getTokenUsage',
    "a token's usage",
    (token) => ['GET', `/api/token/${token.id}/usage`, {}],
    READERS,
  ],
  ['getUsage', 'all usage', () => ['GET', '/api/usage', {}], READERS],
  ['getOptions', 'read options', () => ['GET', '/api/option/', {}], OWNER],
  [
    'setOption',
    'change an option',
    () => ['PUT', '/api/option/', { json: { key: 'QuotaPerUnit', value: '400000' } }],
    OWNER,
  ],
  ['getAdminKeySelf', 'who am I', () => ['GET', '/api/admin-key/self', {}], EVERY],
  ['listAdminKeys', 'list admin keys', () => ['GET', '/api/admin-key/', {}], OWNER],
  [
    'createAdminKey',
    'create an admin key',
    () => ['POST', '/api/admin-key/', { json: { name: 'Another', role: 'viewer' } }],
    OWNER,
  ],
  [
    'revokeAdminKey',
    'revoke an admin key',
    async () => {
      const made = await service.api('POST', '/api/admin-key/', {
        json: { name: 'To revoke', role: 'viewer' },
      });
      return ['DELETE', `/api/admin-key/${(made.data as AdminKey).id}`, {}];
    },
    OWNER,
  ],
  ['listAudit', 'read the audit', () => ['GET', '/api/audit/', {}], READERS],
  ['listModels', 'list models', () => ['GET', '/api/model/', {}], READERS],
  [
    'createModel',
    'create a model',
    (token) => ['POST', '/api/model/', { json: { ...ECHO_MODEL, name: `New ${token.id}` } }],
    OWNER,
  ],
  [
    'updateModel',
    'switch a model off',
    async (token) => [
      'PUT',
      '/api/model/',
      { json: { id: await echoModel(token), enabled: false } },
    ],
    OWNER,
  ],
  [
    'deleteModel',
    'delete a model',
    async (token) => ['DELETE', `/api/model/${await echoModel(token)}`, {}],
    OWNER,
  ],
  [
    'testModel',
    'test a model',
    async (token) => ['POST', `/api/model/${await echoModel(token)}/test`, {}],
    OWNER,
  ],
  ['listWebhooks', 'list webhooks', () => ['GET', '/api/webhook/', {}], READERS],
  [
    'createWebhook',
    'add a webhook',
    () => ['POST', '/api/webhook/', { json: { url: 'https://hooks.example.com/new' } }],
    OWNER,
  ],
  [
    'updateWebhook',
    'switch a webhook off',
    async () => ['PUT', '/api/webhook/', { json: { id: await freshWebhook(), enabled: false } }],
    OWNER,
  ],
  [
    'deleteWebhook',
    'delete a webhook',
    async () => ['DELETE', `/api/webhook/${await freshWebhook()}`, {}],
    OWNER,
  ],
  [
    'rotateWebhookSecret',
    "rotate a webhook's secret",
    async () => ['POST', `/api/webhook/${await freshWebhook()}/rotate`, {}],
    OWNER,
  ],
  [
    'sendTestEvent',
    'send a test event',
    async () => ['POST', `/api/webhook/${await freshWebhook()}/test`, {}],
    OWNER,
  ],
  [
    'listDeliveries',
    'read the deliveries',
    async () => ['GET', `/api/webhook/${await freshWebhook()}/deliveries`, {}],
    READERS,
  ],
  [
    'resendDelivery',
    'resend a delivery',
    async () => {
      const id = await freshWebhook();
      const test = await service.api('POST', `/api/webhook/${id}/test`);
      return [
        'POST',
        `/api/webhook/${id}/deliveries/${(test.data as { id: number }).id}/resend`,
        {},
      ];
    },
    OWNER,
  ],
  [
    'listTokenEvents',
    "read a token's events",
    (token) => ['GET', `/api/webhook/events?token_id=${token.id}`, {}],
    READERS,
  ],
];

const ARTICLE: Record<AdminRole, string> = {
  owner: 'an',
  operator: 'an',
  viewer: 'a',
  gateway: 'a',
};

describe('roles', () => {
  it('cover every operation behind an admin key', () => {
    const guarded = OPERATIONS.filter((operation) => operation.auth).map(
      (operation) => operation.id,
    );
    expect(new Set(TABLE.map(([id]) => id))).toEqual(new Set(guarded));
  });

  const cases = TABLE.flatMap(([id, what, call, allowed]) =>
    ROLES.map((role) => [`${id}: ${what}`, role, call, allowed.includes(role)] as const),
  );

  it.each(cases)('%s with the %s key', async (name, role, call, allowed) => {
    const token = await freshToken();
    const [method, path, options] = await call(token);
    const before = await snapshotStore(service.store);
    const response = await service.api(method, path, { ...options, auth: bearer(role) });
    if (allowed) {
      expect(response.status, response.message).toBe(200);
      expect(response.success).toBe(true);
      return;
    }
    expect(response.status, response.message).toBe(403);
    expect(response.success).toBe(false);
    expect(response.data).toBeNull();
    expect(response.message).toMatch(new RegExp(`^${ARTICLE[role]} ${role} key may not `));
    expect(await snapshotStore(service.store)).toEqual(before);

    // The role is checked before the body is read: a broken body gets the same 403. (Only a
    // field sent decides an operator's models and subnet: that body has to be read.)
    const fieldRule = role === 'operator' && /change (models|subnet)/.test(name);
    if (method !== 'GET' && method !== 'DELETE' && !fieldRule) {
      const broken = await service.request(method, path, {
        auth: bearer(role),
        body: '{"broken',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(broken.status).toBe(403);
    }
  });

  it('refuse a bad admin key name or role, naming the field, and store nothing', async () => {
    const before = await snapshotStore(service.store);
    const refusals: Array<[unknown, string]> = [
      [{ role: 'viewer' }, 'name is required: 1 to 50 characters'],
      [{ name: '   ', role: 'viewer' }, 'name must be 1 to 50 characters'],
      [{ name: 'x'.repeat(51), role: 'viewer' }, 'name must be 1 to 50 characters'],
      [{ name: 'Tab\there', role: 'viewer' }, 'name must not contain control characters'],
      [{ name: 'No role' }, 'role is required: one of owner, operator, viewer, gateway'],
      [{ name: 'Admin', role: 'admin' }, 'role must be one of owner, operator, viewer, gateway'],
      [{ name: 'Upper', role: 'Owner' }, 'role must be one of owner, operator, viewer, gateway'],
      [[], 'object'],
    ];
    for (const [json, message] of refusals) {
      const response = await service.api('POST', '/api/admin-key/', { json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.message).toContain(message);
    }
    const unknown = await service.api('DELETE', '/api/admin-key/99999');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('no admin key has id 99999');
    expect((await service.api('DELETE', '/api/admin-key/0')).status).toBe(400);
    expect(await snapshotStore(service.store)).toEqual(before);
  });

  it('answer self with the calling key, and ADMIN_KEY as the owner with id 0', async () => {
    const self = await service.api('GET', '/api/admin-key/self', { auth: bearer('viewer') });
    expect(self.data).toEqual({ id: expect.any(Number), name: 'The viewer', role: 'viewer' });
    const owner = await service.api('GET', '/api/admin-key/self');
    expect(owner.data).toEqual({ id: 0, name: 'ADMIN_KEY', role: 'owner' });
  });

  it('do not count a 403 as a failed attempt: a refused role is never locked out', async () => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const response = await service.api('POST', '/api/token/', {
        auth: bearer('viewer'),
        json: { name: 'No' },
        from: '198.51.100.9',
      });
      expect(response.status).toBe(403);
    }
    const list = await service.api('GET', '/api/token/', {
      auth: bearer('viewer'),
      from: '198.51.100.9',
    });
    expect(list.status).toBe(200);
  });
});
