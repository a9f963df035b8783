import { OWNER_IDENTITY } from '../contract/admin-key';
import type { AuditPage, AuditRecord } from '../contract/audit';
import type { Token } from '../contract/token';
import { sampleToken } from './sample-token';

/** A record as the service answers it: by ADMIN_KEY, about token 7, unless told otherwise. */
export function sampleRecord(fields: Partial<AuditRecord> & Pick<AuditRecord, 'id' | 'action'>) {
  return {
    time: 1_764_000_000,
    actor: OWNER_IDENTITY,
    ip: '10.0.0.5',
    token_id: 7,
    token_deleted: false,
    before: null,
    after: null,
    ...fields,
  } satisfies AuditRecord;
}

/** A token as a record holds it, before or after a change. */
export const recordedToken = (fields: Partial<Token> = {}) =>
  sampleToken({ id: 7, name: 'Support bot', ...fields });

export function auditPage(items: AuditRecord[], fields: Partial<AuditPage> = {}): AuditPage {
  return { items, total: items.length, total_capped: false, page: 1, page_size: 20, ...fields };
}
