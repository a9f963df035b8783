import type { ServerKind } from '../../api/client';
import { RESOURCES, type Operation, type Resource } from '../../contract/operation';
import { OPERATIONS } from '../../contract/operations';

/**
 * The operations the explorer can send on this kind of server. The reference page is a page to
 * open, not an answer to show; the gateways have only the routes all three kinds share.
 */
export function offeredOperations(
  kind: ServerKind,
  operations: readonly Operation[] = OPERATIONS,
): Operation[] {
  return operations.filter(
    (operation) => operation.answer.kind !== 'html' && (kind === 'tokendesk' || operation.shared),
  );
}

export interface OperationGroup {
  resource: Resource;
  operations: Operation[];
}

/** The operations under their resource, in the contract's order; empty resources left out. */
export function groupByResource(operations: readonly Operation[]): OperationGroup[] {
  return RESOURCES.map((resource) => ({
    resource,
    operations: operations.filter((operation) => operation.resource === resource),
  })).filter((group) => group.operations.length > 0);
}
