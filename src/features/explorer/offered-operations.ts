import type { ServerKind } from '../../api/client';
import { RESOURCES, type Operation, type Resource } from '../../contract/operation';
import { OPERATIONS } from '../../contract/operations';

/**
 * The operations the explorer can send on this kind of server. The reference page is a page to
 * open, not an answer to show; one-api and new-api have only the routes the three share; LiteLLM,
 * whose keys live under routes of its own, none.
 */
export function offeredOperations(
  kind: ServerKind,
  operations: readonly Operation[] = OPERATIONS,
): Operation[] {
  return operations.filter(
    (operation) =>
      operation.answer.kind !== 'html' &&
      (kind === 'tokendesk' || (kind !== 'litellm' && operation.shared)),
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
