import '../../lib/i18n/en-parts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { adminKeyCreateSchema, adminRoleSchema } from '../../contract/admin-key';
import { issueErrorMap, type IssueMessages } from '../../lib/i18n/form-issues';
import type { Translate } from '../../lib/i18n/translate';

/** The roles a new key may be given, the everyday one first. */
export const OFFERED_ROLES = ['operator', 'viewer', 'owner', 'gateway'] as const;

/**
 * The service's own name rule, its problems told as one issue of the form's (the contract's
 * English would win over the reader's language otherwise); the role comes from a select.
 */
const adminKeyFormSchema = z.object({
  name: z.string().transform((text, ctx) => {
    const name = adminKeyCreateSchema.shape.name.safeParse(text);
    if (name.success) return name.data;
    ctx.addIssue({ code: 'custom', params: { reason: 'invalid' } });
    return z.NEVER;
  }),
  role: adminRoleSchema,
});
export type AdminKeyFormValues = z.input<typeof adminKeyFormSchema>;
export type AdminKeyFormResult = z.output<typeof adminKeyFormSchema>;

const MESSAGES: IssueMessages<keyof AdminKeyFormValues> = { name: 'adminKeys.nameInvalid' };

/** Checks the form, telling each problem in the reader's language. */
export const adminKeyFormResolver = (t: Translate) =>
  zodResolver(adminKeyFormSchema, { error: issueErrorMap(MESSAGES, t) });
