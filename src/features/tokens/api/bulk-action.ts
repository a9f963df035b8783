import '../../../lib/i18n/en-signed-in';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { TokenBackend, TokenEdit } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { QUOTA_MAX, TokenStatus, type Token } from '../../../contract/token';
import { MessageError } from '../../../lib/i18n/message-error';
import { runPool, type PoolOutcome } from '../../../lib/pool';
import { tokenKeys } from './keys';

export type BulkAction =
  | { kind: 'enable' }
  | { kind: 'disable' }
  | { kind: 'delete' }
  | { kind: 'set-quota'; units: number }
  | { kind: 'add-quota'; units: number }
  | { kind: 'set-expiry'; expiredTime: number }
  | { kind: 'set-lifecycle'; edit: Partial<Pick<TokenEdit, LifecycleField>> };

/** The refill and rate limit, which bulk edit sets apart from the quota. */
type LifecycleField = 'quota_reset_period' | 'quota_reset_amount' | 'rpm_limit';

/** Refusals found before any call, in the words of the service's own rules. */
export class BulkRefusal extends MessageError {}

export type BulkOutcome = PoolOutcome<Token, unknown> & { alreadyGone?: number };

export interface BulkInput {
  tokens: Token[];
  action: BulkAction;
  onProgress?: (finished: number) => void;
}

/** How many calls run at once when there is one call per token. */
export const BULK_CONCURRENCY = 4;
const BATCH_DELETE_MAX = 100;

function bulkEdit(token: Token, action: BulkAction): Partial<TokenEdit> {
  switch (action.kind) {
    case 'set-quota':
      return { remain_quota: action.units };
    case 'add-quota': {
      const next = token.remain_quota + action.units;
      if (next < 0) {
        throw new BulkRefusal('bulk.err.notEnough', {
          left: token.remain_quota,
          take: -action.units,
        });
      }
      if (next > QUOTA_MAX) throw new BulkRefusal('bulk.err.tooMuch', { max: QUOTA_MAX });
      return { remain_quota: next };
    }
    case 'set-expiry':
      return { expired_time: action.expiredTime };
    case 'set-lifecycle':
      return action.edit;
    default:
      return {};
  }
}

/** Deletes through the batch route, up to its limit at a time. */
async function deleteInBatches(
  removeMany: (ids: number[]) => Promise<number>,
  { tokens, onProgress }: BulkInput,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [] };
  for (let start = 0; start < tokens.length; start += BATCH_DELETE_MAX) {
    const chunk = tokens.slice(start, start + BATCH_DELETE_MAX);
    try {
      const deleted = await removeMany(chunk.map((t) => t.id));
      for (const item of chunk) outcome.done.push({ item, result: null });
      // The batch route says how many, not which: the rest were already gone.
      outcome.alreadyGone = (outcome.alreadyGone ?? 0) + chunk.length - deleted;
    } catch (error) {
      for (const item of chunk) outcome.failed.push({ item, error });
    }
    onProgress?.(start + chunk.length);
  }
  return outcome;
}

/** One action over many tokens: the batch route where there is one, else one call each. */
export function runBulkAction(backend: TokenBackend, input: BulkInput): Promise<BulkOutcome> {
  const { tokens, action, onProgress } = input;
  if (action.kind === 'delete' && backend.removeMany) {
    return deleteInBatches(backend.removeMany, input);
  }
  return runPool(
    tokens,
    async (token) => {
      if (action.kind === 'delete') return backend.remove(token.id);
      if (action.kind === 'enable') {
        // A switch already on stays on: asked again, the service refuses one that has expired
        // or run out, which Enable over a selection does not mean to change.
        if (token.status !== TokenStatus.disabled) return token;
        return backend.setStatus(token.id, TokenStatus.enabled);
      }
      if (action.kind === 'disable') return backend.setStatus(token.id, TokenStatus.disabled);
      return backend.update(token, bulkEdit(token, action));
    },
    { concurrency: BULK_CONCURRENCY, onProgress },
  );
}

export const bulkActionMutation = (backend: TokenBackend) =>
  mutationOptions({
    mutationFn: (input: BulkInput) => runBulkAction(backend, input),
    meta: { invalidates: [tokenKeys.all] },
  });

export function useBulkAction() {
  return useMutation(bulkActionMutation(useBackend()));
}
