import { z } from 'zod';
import { auditQuerySchema, type AuditQuery } from '../../contract/audit';

export const AUDIT_PAGE_SIZE = 20;

/**
 * The audit's view as the address spells it (?view=audit&token_id=7&action=token.update): its
 * page is `audit_page`, so that the token list's `p` is left to the list. Each filter is read
 * with the service's own rule for it; a part not understood is left out, so an old or edited
 * link still opens.
 */
const auditAddressSchema = z.object({
  audit_page: auditQuerySchema.shape.p.catch(1),
  token_id: auditQuerySchema.shape.token_id.catch(undefined),
  actor: auditQuerySchema.shape.actor.catch(undefined),
  action: auditQuerySchema.shape.action.catch(undefined),
});
export type AuditView = z.output<typeof auditAddressSchema>;
export type AuditFilters = Omit<AuditView, 'audit_page'>;

export const auditViewOf = (search: string): AuditView =>
  auditAddressSchema.parse(Object.fromEntries(new URLSearchParams(search)));

export const auditQueryOf = ({ audit_page, ...filters }: AuditView): AuditQuery => ({
  p: audit_page,
  size: AUDIT_PAGE_SIZE,
  ...filters,
});

/** The parameters to write for a view: what is absent or the first page is left out. */
export function auditParams(view: AuditView): Record<string, string | null> {
  return {
    audit_page: view.audit_page > 1 ? String(view.audit_page) : null,
    token_id: view.token_id === undefined ? null : String(view.token_id),
    actor: view.actor === undefined ? null : String(view.actor),
    action: view.action ?? null,
  };
}
