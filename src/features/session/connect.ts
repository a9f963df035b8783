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
 * Asks who the key is, which proves it on the chosen (or detected) kind of server, then starts
 * the session with what it was told: the first screen asks for neither again. Loaded on demand:
 * it brings the whole fetch layer, which the form itself does not need.
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
  const detected = kind === 'auto' ? await detectKind(partial, hooks) : { kind, status: null };
  const connection = { ...partial, kind: detected.kind };
  const backend = createBackend(connection, hooks);
  // A gateway key may not even list tokens: it is named rather than let in.
  const identity = await backend.identity();
  if (identity.role === 'gateway') return 'gateway-key';
  rememberServer({ address: serverAddress, kind, userId });
  sessionStore.connect(connection, identity, detected.status);
  return 'connected';
}
