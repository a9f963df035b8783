import { z } from 'zod';
import { tokenIdParamsSchema, tokenNameSchema } from './token';

/** What each admin key may do; ADMIN_KEY is the owner. */
export const ADMIN_ROLES = ['owner', 'operator', 'viewer', 'gateway'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * The kinds of call a role may or may not make. Every route of the service names the one it
 * needs, and the dashboard hides what the connected key may not do.
 */
export const PERMISSIONS = [
  /** List, search, count and read tokens, keys masked. */
  'tokens.read',
  /** Change a token's name, quota, expiry, status, refills and rate limit. */
  'tokens.update',
  /** Change which models and addresses a token may use. */
  'tokens.update_access',
  'tokens.create',
  'tokens.delete',
  'tokens.reveal',
  'tokens.rotate',
  /** Usage figures of one token or of all. */
  'usage.read',
  'audit.read',
  'options.read',
  'options.update',
  /** List, create and revoke admin keys. */
  'admin_keys.manage',
  /** The gateway's models: their upstreams (host, never the key), prices and defaults. */
  'models.read',
  /** Create, change, delete and test models. */
  'models.manage',
  /** The webhook endpoints, their deliveries and a token's events. */
  'webhooks.read',
  /** Create, change, delete and test webhook endpoints, rotate their secrets, resend. */
  'webhooks.manage',
  /** A gateway's verify and usage report. */
  'gateway.call',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: readonly Permission[] = [
  'tokens.read',
  'usage.read',
  'audit.read',
  'models.read',
  'webhooks.read',
];

export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  operator: [...READ, 'tokens.update'],
  viewer: READ,
  gateway: ['gateway.call'],
};

export function may(role: AdminRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** One line per role, as the dashboard offers them and the service's refusals name them. */
export const ROLE_SUMMARIES: Readonly<Record<AdminRole, string>> = {
  owner: 'everything',
  operator:
    'read tokens, usage, the audit, the models and the webhooks; change names, quotas, expiry, status, refills and rate limits',
  viewer: 'read tokens (keys masked), usage, the audit, the models and the webhooks',
  gateway: 'verify keys and report usage',
};

/** The words of a refusal: "an operator key may not delete tokens". */
export const PERMISSION_ACTIONS: Readonly<Record<Permission, string>> = {
  'tokens.read': 'read tokens',
  'tokens.update': 'change tokens',
  'tokens.update_access': "change a token's models or subnet",
  'tokens.create': 'create tokens',
  'tokens.delete': 'delete tokens',
  'tokens.reveal': 'reveal keys',
  'tokens.rotate': 'rotate keys',
  'usage.read': 'read usage',
  'audit.read': 'read the audit',
  'options.read': 'read the options',
  'options.update': 'change the options',
  'admin_keys.manage': 'manage admin keys',
  'models.read': 'read the models',
  'models.manage': 'manage models',
  'webhooks.read': 'read the webhooks',
  'webhooks.manage': 'manage webhooks',
  'gateway.call': 'verify keys or report usage',
};

export function refusalMessage(role: AdminRole, permission: Permission): string {
  const article = role === 'owner' || role === 'operator' ? 'an' : 'a';
  return `${article} ${role} key may not ${PERMISSION_ACTIONS[permission]}; it may ${ROLE_SUMMARIES[role]}`;
}

/** The id ADMIN_KEY acts under: no stored key has it. */
export const ADMIN_KEY_ID = 0;
export const ADMIN_KEY_NAME = 'ADMIN_KEY';

export const adminRoleSchema = z.enum(ADMIN_ROLES, {
  error: `role must be one of ${ADMIN_ROLES.join(', ')}`,
});

export const adminKeyCreateSchema = z.object({
  name: tokenNameSchema,
  role: z
    .unknown()
    .refine((value) => value !== undefined, {
      error: `role is required: one of ${ADMIN_ROLES.join(', ')}`,
    })
    .pipe(adminRoleSchema),
});
export type AdminKeyCreate = z.output<typeof adminKeyCreateSchema>;

export const adminKeySchema = z
  .object({
    id: z
      .number()
      .int()
      .meta({ description: 'Assigned by the service, never reused; 0 is ADMIN_KEY.' }),
    name: z.string(),
    role: adminRoleSchema,
    key: z.string().meta({
      description:
        'Whole only in the answer of create, and never again: the service keeps a digest. Masked elsewhere.',
    }),
    created_time: z.number().int().meta({ description: 'Unix seconds.' }),
    last_used_time: z
      .number()
      .int()
      .meta({ description: 'Unix seconds of the last request, to the minute; 0 when never used.' }),
  })
  .meta({ id: 'AdminKey' });
export type AdminKey = z.infer<typeof adminKeySchema>;

/** Who a key is: what `GET /api/admin-key/self` answers, and an audit record's actor. */
export const adminIdentitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: adminRoleSchema,
  })
  .meta({ id: 'AdminIdentity' });
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;

export const OWNER_IDENTITY: AdminIdentity = {
  id: ADMIN_KEY_ID,
  name: ADMIN_KEY_NAME,
  role: 'owner',
};

/** Who the audit names for what the service does by itself (switching off a failing webhook). */
export const SERVICE_IDENTITY: AdminIdentity = { id: -1, name: 'Tokendesk', role: 'owner' };

/** An admin key's id in a path: digits only, as a token's. */
export const adminKeyIdParamsSchema = tokenIdParamsSchema;
