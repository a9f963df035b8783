import type { AuditAction } from '../../../src/contract/audit';

/** An audit record as the model expects it: what changed, before and after. */
export interface ExpectedAudit {
  action: AuditAction;
  token_id: number | null;
  before: unknown;
  after: unknown;
}

/** The audit records of the accepted changes not yet compared with the service's. */
export class AuditTrail {
  private pending: ExpectedAudit[] = [];

  /** A change the service must record; an update that changes nothing is not one. */
  record(entry: ExpectedAudit): void {
    if (entry.action === 'token.update' || entry.action === 'option.update') {
      if (JSON.stringify(entry.before) === JSON.stringify(entry.after)) return;
    }
    this.pending.push(entry);
  }

  /** The records expected since the last call, oldest first. */
  take(): ExpectedAudit[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}
