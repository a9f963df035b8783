import { auditQuerySchema } from '../../src/contract/audit';
import { ok } from '../http/envelope';
import { allow } from '../http/permission';
import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { parseQuery } from '../http/validate';
import type { AuditPort } from '../store/ports/audit';

/** /api/audit: every change and reveal, newest first, for owners, operators and viewers. */
export function auditRoutes(store: AuditPort): App {
  const audit = resourceApp();
  audit.get('/', allow('audit.read'), async (c) =>
    c.json(ok(await store.auditPage(parseQuery(c, auditQuerySchema)))),
  );
  return audit;
}
