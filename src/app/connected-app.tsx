import './connected-styles';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityLog } from '../api/activity';
import { BackendContext } from '../api/backend-context';
import type { Connection } from '../api/client';
import { createBackend } from '../api/create-backend';
import { sessionStore } from '../api/session';
import { QuotaProvider } from '../components/quota';
import { AppLayout } from './app-layout';

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
          <Notifications position="bottom-right" limit={4} />
          <AppLayout baseUrl={connection.baseUrl} />
        </QuotaProvider>
      </BackendContext.Provider>
    </QueryClientProvider>
  );
}
