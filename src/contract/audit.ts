import { z } from 'zod';
import { adminIdentitySchema } from './admin-key';
import { digitsToNumber, given, queryInt } from './query-text';
import { PAGE_SIZE_MAX } from './token';
import { TOTAL_CAP } from './token-page';

export const AUDIT_ACTIONS = [
  'token.create',
  'token.update',
  'token.delete',
  'token.reveal',
  'token.rotate',
  'option.update',
  'admin_key.create',
  'admin_key.delete',
  'model.create',
  'model.update',
  'model.delete',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate',
  'webhook.switch_off',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A record as it was or became: a token, an option, an admin key, a model or a webhook, keys masked. */
export const auditSubjectSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: 'Null before a create and after a delete; keys always masked.' });
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

export const auditRecordSchema = z
  .object({
    id: z.number().int().meta({ description: 'Assigned in the order the changes were made.' }),
    time: z.number().int().meta({ description: 'Unix seconds.' }),
    actor: adminIdentitySchema.meta({
      description: 'The admin key that made the change; ADMIN_KEY is id 0.',
    }),
    ip: z.string().meta({ description: 'The client address the request came from.' }),
    action: z.enum(AUDIT_ACTIONS),
    token_id: z.number().int().nullable().meta({
      description: 'The token changed or revealed; null for options, admin keys and models.',
    }),
    token_deleted: z.boolean().meta({
      description:
        'Whether that token is gone now (deleted by this change or a later one); false when token_id is null.',
    }),
    before: auditSubjectSchema,
    after: auditSubjectSchema,
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** What a change is written with: who made it, and from where. */
export interface AuditContext {
  actor: z.infer<typeof adminIdentitySchema>;
  ip: string;
}

/** A whole number from min to max in a query string, or absent. */
const optionalQueryInt = (field: string, min: number) => {
  const message = `${field} must be a whole number from ${min} to ${Number.MAX_SAFE_INTEGER}`;
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(Number.MAX_SAFE_INTEGER, { error: message })
      .optional(),
  );
};

export const auditQuerySchema = z.object({
  p: queryInt('p', 1, 1_000_000_000, 1).meta({ description: 'The page, from 1.' }),
  size: queryInt('size', 1, PAGE_SIZE_MAX, 20).meta({ description: 'Records a page.' }),
  token_id: optionalQueryInt('token_id', 1).meta({ description: "Only this token's records." }),
  actor: optionalQueryInt('actor', 0).meta({
    description: 'Only the records of the admin key with this id (0: ADMIN_KEY).',
  }),
  action: z
    .preprocess(
      given,
      z
        .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
        .optional(),
    )
    .meta({ description: 'Only records of this action.' }),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditRecordSchema).meta({ description: 'Newest first.' }),
    total: z
      .number()
      .int()
      .meta({
        description: `Every record that matches, up to ${TOTAL_CAP.toLocaleString('en')} (see total_capped).`,
      }),
    total_capped: z.boolean().meta({
      description: `True when more than ${TOTAL_CAP.toLocaleString('en')} records match: total then says ${TOTAL_CAP.toLocaleString('en')}, and there is a next page while a page is full.`,
    }),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
