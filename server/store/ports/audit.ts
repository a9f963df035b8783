import type { AuditContext, AuditPage, AuditQuery } from '../../../src/contract/audit';
import type { AuditRow } from '../audit-entry';

/**
 * Who makes a change, written with it to the audit in the same transaction. The routes always
 * pass it; tools that load data (the seed, the demo tokens) and tests of other things leave it out.
 */
export type Audited = AuditContext | undefined;

/** The record of every change and reveal, which the other ports write with their changes. */
export interface AuditPort {
  /** A page of the audit, newest first. */
  auditPage(query: AuditQuery): Promise<AuditPage>;
  /**
   * Adds audit records as they are, every batch in one transaction: a past of changes, for
   * loading a database to try the audit at scale (the seed script). Changes nothing else.
   */
  addAudit(batches: Iterable<readonly AuditRow[]>): Promise<void>;
}
