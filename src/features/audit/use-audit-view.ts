import { useAddressSearch, writeAddress } from '../../components/address';
import {
  auditParams,
  auditViewOf,
  type AuditFilters,
  type AuditView,
} from '../../components/audit/audit-address';

export type SetAuditView = (
  change: { page: number } | { filters: Partial<AuditFilters> },
  options?: { replace?: boolean },
) => void;

/**
 * The audit's page and filters, kept in the address so the view can be copied and opened again.
 * A change of filter starts again from the first page.
 */
export function useAuditView(): [AuditView, SetAuditView] {
  const view = auditViewOf(useAddressSearch());
  const set: SetAuditView = (change, options) => {
    const next: AuditView =
      'page' in change
        ? { ...view, audit_page: change.page }
        : { ...view, ...change.filters, audit_page: 1 };
    writeAddress(auditParams(next), options);
  };
  return [view, set];
}
