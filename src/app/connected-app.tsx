import '../lib/i18n/en-signed-in';
import '../api/zod-jitless';
import './connected-styles';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { activityLog } from '../api/activity';
import { BackendContext } from '../api/backend-context';
import { createClient, type Connection } from '../api/client';
import { createBackend } from '../api/create-backend';
import { ExchangeContext, type ExchangeAccess } from '../api/exchange-context';
import { OpenAiContext, type OpenAiSession } from '../api/openai-context';
import { sessionStore } from '../api/session';
import { SessionAccess } from '../components/access';
import type { AdminIdentity } from '../contract/admin-key';
import type { StatusInfo } from '../contract/status';
import { useI18n } from '../components/i18n';
import { AppLayout } from './app-layout';
import { createQueryClient } from './query-client';
import { NotificationsAfterPaint } from './notifications-after-paint';
import { ServerQuota } from './server-quota';

/**
 * Every dialog, drawer and notification behind the connect screen names its close button in the
 * person's language, without each one having to say so.
 */
function LocalizedCloseButtons({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const closeLabel = t('action.close');
  const named = useMemo<MantineThemeOverride>(() => {
    const defaultProps = { closeButtonProps: { 'aria-label': closeLabel } };
    return {
      components: {
        Modal: { defaultProps },
        Drawer: { defaultProps },
        Notification: { defaultProps },
      },
    };
  }, [closeLabel]);
  return <MantineThemeProvider theme={named}>{children}</MantineThemeProvider>;
}

/** Everything behind the connect screen: one client, one cache, per session. */
export function ConnectedApp({
  connection,
  identity,
  status,
}: {
  connection: Connection;
  /** Who the key is, when the connect step has just asked. */
  identity: AdminIdentity | null;
  /** The server's status, when the connect step has just asked. */
  status: StatusInfo | null;
}) {
  // A new session starts with an empty cache: nothing of the previous server shows.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const queryClient = useMemo(() => createQueryClient(), [connection]);
  const backend = useMemo(
    () =>
      createBackend(
        connection,
        { onUnauthorized: () => sessionStore.end('rejected'), onCall: activityLog.add },
        queryClient,
      ),
    [connection, queryClient],
  );
  // The explorer's calls are logged like every other, but a 401 there is an answer to show:
  // without onUnauthorized it does not end the session.
  const exchange = useMemo<ExchangeAccess>(() => {
    const client = createClient(connection, { onCall: activityLog.add });
    return { connection, exchange: client.exchange };
  }, [connection]);
  // Try it's calls, made with a token's key: a refusal there is the token's, not the session's.
  const openAi = useMemo<OpenAiSession>(
    () => ({ connection, hooks: { onCall: activityLog.add } }),
    [connection],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BackendContext.Provider value={backend}>
        <ExchangeContext.Provider value={exchange}>
          <OpenAiContext.Provider value={openAi}>
            <SessionAccess known={identity}>
              <ServerQuota server={connection.baseUrl} known={status}>
                <LocalizedCloseButtons>
                  <NotificationsAfterPaint />
                  <AppLayout baseUrl={connection.baseUrl} />
                </LocalizedCloseButtons>
              </ServerQuota>
            </SessionAccess>
          </OpenAiContext.Provider>
        </ExchangeContext.Provider>
      </BackendContext.Provider>
    </QueryClientProvider>
  );
}
