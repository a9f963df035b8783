import '../api/zod-jitless';
import './connected-styles';
import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityLog } from '../api/activity';
import { BackendContext } from '../api/backend-context';
import type { Connection } from '../api/client';
import { createBackend } from '../api/create-backend';
import { sessionStore } from '../api/session';
import { useI18n } from '../components/i18n';
import { QuotaProvider } from '../components/quota';
import { AppLayout } from './app-layout';

/** Notifications whose close button is named in the person's language. */
function LocalizedNotifications() {
  const { t } = useI18n();
  const closeLabel = t('action.close');
  const named = useMemo<MantineThemeOverride>(
    () => ({
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      },
    }),
    [closeLabel],
  );
  return (
    <MantineThemeProvider theme={named}>
      {/* Top centre: over the header's empty middle, not the row actions or a dialog's buttons. */}
      <Notifications position="top-center" limit={4} />
    </MantineThemeProvider>
  );
}

/** Everything behind the connect screen: one client, one cache, per session. */
export function ConnectedApp({ connection }: { connection: Connection }) {
  const backend = useMemo(
    () =>
      createBackend(connection, {
        onUnauthorized: () => sessionStore.end('rejected'),
        onCall: activityLog.add,
      }),
    [connection],
  );
  const queryClient = useMemo(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 5_000, refetchOnWindowFocus: true },
          mutations: { retry: false },
        },
      }),
    // A new session starts with an empty cache: nothing of the previous server shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [connection],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BackendContext.Provider value={backend}>
        <QuotaProvider server={connection.baseUrl}>
          <LocalizedNotifications />
          <AppLayout baseUrl={connection.baseUrl} />
        </QuotaProvider>
      </BackendContext.Provider>
    </QueryClientProvider>
  );
}
