import '../../api/zod-jitless';
import { activityLog } from '../../api/activity';
import { createBackend } from '../../api/create-backend';
import { detectKind } from '../../api/detect-kind';
import {
  normalizeServerAddress,
  pageOrigin,
  rememberServer,
  sessionStore,
} from '../../api/session';
import type { ConnectForm } from './connect-form';

/** How a connection attempt that got answers ended: a gateway key has no use for the dashboard. */
export type ConnectOutcome = 'connected' | 'gateway-key';

/**
 * Asks who the key is and proves it with one list call on the chosen (or detected) kind of
 * server, then starts the session. Loaded on demand: it brings the whole fetch layer, which the
 * form itself does not need.
 */
export async function connect({
  adminKey,
  serverAddress,
  kind,
  userId,
}: ConnectForm): Promise<ConnectOutcome> {
  const baseUrl = normalizeServerAddress(serverAddress) ?? pageOrigin();
  const partial = { baseUrl, adminKey: adminKey.trim(), ...(userId ? { userId } : {}) };
  const hooks = { onCall: activityLog.add };
  const connection = {
    ...partial,
    kind: kind === 'auto' ? await detectKind(partial, hooks) : kind,
  };
  const backend = createBackend(connection, hooks);
  // A gateway key may not even list tokens: asked first, it is named rather than refused.
  const identity = await backend.identity();
  if (identity.role === 'gateway') return 'gateway-key';
  // The answer is thrown away: only whether the key is accepted matters here.
  await backend.list({ p: 1, size: 10 });
  rememberServer({ address: serverAddress, kind, userId });
  sessionStore.connect(connection, identity);
  return 'connected';
}
