import '../../lib/i18n/en-connect';
import '../../api/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { normalizeServerAddress } from '../../api/session';
import { issueErrorMap, type IssueMessages } from '../../lib/i18n/form-issues';
import type { Translate } from '../../lib/i18n/translate';

export const connectFormSchema = z.object({
  adminKey: z.string().trim().min(1),
  serverAddress: z.string().refine((value) => normalizeServerAddress(value) !== null),
  kind: z.enum(['auto', 'tokendesk', 'one-api', 'new-api', 'litellm']),
  userId: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,12}$/.test(value)),
});
export type ConnectForm = z.infer<typeof connectFormSchema>;

export const CONNECT_FORM_MESSAGES: IssueMessages<keyof ConnectForm> = {
  adminKey: 'connect.keyRequired',
  serverAddress: 'connect.badAddress',
  userId: 'connect.badUserId',
};

/** Checks the form, telling each problem in the reader's language. */
export const connectFormResolver = (t: Translate) =>
  zodResolver(connectFormSchema, { error: issueErrorMap(CONNECT_FORM_MESSAGES, t) });
