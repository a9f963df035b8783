import { z } from 'zod';
import {
  adminIdentitySchema,
  adminKeyCreateSchema,
  adminKeyIdParamsSchema,
  adminKeySchema,
} from './admin-key';
import { auditPageSchema, auditQuerySchema } from './audit';
import { GUARDED, WRITE, type Operation } from './operation';
import { idSchema } from './token';

/** Admin keys with their roles, and the audit of every change. */
export const ADMIN_OPERATIONS: readonly Operation[] = [
  {
    id: 'getAdminKeySelf',
    method: 'GET',
    path: '/api/admin-key/self',
    resource: 'admin',
    summary: 'Who this key is',
    description:
      'The id, name and role of the admin key that calls, for every role: ADMIN_KEY is `{ "id": 0, "name": "ADMIN_KEY", "role": "owner" }`.',
    auth: true,
    answer: { kind: 'envelope', data: adminIdentitySchema },
    failures: GUARDED,
    examples: [{ title: 'who am I' }],
    shared: false,
  },
  {
    id: 'listAdminKeys',
    method: 'GET',
    path: '/api/admin-key/',
    resource: 'admin',
    summary: 'List admin keys',
    description: 'Every admin key but ADMIN_KEY, oldest first, keys masked.',
    auth: true,
    permission: 'admin_keys.manage',
    answer: { kind: 'envelope', data: z.array(adminKeySchema) },
    failures: GUARDED,
    examples: [{ title: 'the admin keys' }],
    shared: false,
  },
  {
    id: 'createAdminKey',
    method: 'POST',
    path: '/api/admin-key/',
    resource: 'admin',
    summary: 'Create an admin key',
    description:
      'A new admin key with a role: owner (everything), operator (read; change names, quotas, expiry, status, refills and rate limits), viewer (read) or gateway (verify and usage reports). The whole key is in this answer only.',
    auth: true,
    permission: 'admin_keys.manage',
    body: adminKeyCreateSchema,
    answer: { kind: 'envelope', data: adminKeySchema },
    failures: WRITE,
    examples: [{ title: 'a key for support', body: { name: 'Support desk', role: 'operator' } }],
    shared: false,
  },
  {
    id: 'revokeAdminKey',
    method: 'DELETE',
    path: '/api/admin-key/{id}',
    resource: 'admin',
    summary: 'Revoke an admin key',
    description: 'The key is refused (401) from the next request on, on every instance.',
    auth: true,
    permission: 'admin_keys.manage',
    params: adminKeyIdParamsSchema,
    answer: { kind: 'envelope', data: z.object({ id: idSchema }) },
    failures: [400, 404, ...GUARDED],
    examples: [{ title: 'revoke a key', path: { id: '2' } }],
    shared: false,
  },
  {
    id: 'listAudit',
    method: 'GET',
    path: '/api/audit/',
    resource: 'admin',
    summary: 'Read the audit',
    description:
      'Every change and every reveal, newest first: who (the admin key), from where, what, and the record before and after, keys masked.',
    auth: true,
    permission: 'audit.read',
    query: auditQuerySchema,
    answer: { kind: 'envelope', data: auditPageSchema },
    failures: [400, ...GUARDED],
    examples: [
      { title: 'the latest changes' },
      { title: "one token's history", query: { token_id: '4' } },
    ],
    shared: false,
  },
];
