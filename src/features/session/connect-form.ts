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
});
export type ConnectForm = z.infer<typeof connectFormSchema>;
