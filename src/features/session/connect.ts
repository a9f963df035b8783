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

/**
 * Proves the key with one list call on the chosen (or detected) kind of server, then starts the
 * session. Loaded on demand: it brings the whole fetch layer, which the form itself does not need.
 */
export async function connect({ adminKey, serverAddress, kind, userId }: ConnectForm) {
  const baseUrl = normalizeServerAddress(serverAddress) ?? pageOrigin();
  const partial = { baseUrl, adminKey: adminKey.trim(), ...(userId ? { userId } : {}) };
  const hooks = { onCall: activityLog.add };
  const connection = {
    ...partial,
    kind: kind === 'auto' ? await detectKind(partial, hooks) : kind,
  };
  // The answer is thrown away: only whether the key is accepted matters here.
  await createBackend(connection, hooks).list({ p: 1, size: 10 });
  rememberServer({ address: serverAddress, kind, userId });
  sessionStore.connect(connection);
}
