import '../../api/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { normalizeServerAddress } from '../../api/session';
import type { MessageKey } from '../../lib/i18n/en';

const message = (key: MessageKey) => ({ error: key });

/** Error messages are catalogue keys, translated where they are shown. */
export const connectFormSchema = z.object({
  adminKey: z.string().trim().min(1, message('connect.keyRequired')),
  serverAddress: z
    .string()
    .refine((value) => normalizeServerAddress(value) !== null, message('connect.badAddress')),
  kind: z.enum(['auto', 'tokendesk', 'one-api', 'new-api']),
  userId: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,12}$/.test(value), message('connect.badUserId')),
});
export type ConnectForm = z.infer<typeof connectFormSchema>;

export const connectFormResolver = zodResolver(connectFormSchema);
