import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import type { TokenBackend } from '../api/backend';
import { BackendContext } from '../api/backend-context';
import { createClient, type ClientHooks, type Connection } from '../api/client';
import { createBackend } from '../api/create-backend';
import { ExchangeContext, type ExchangeAccess } from '../api/exchange-context';
import { OpenAiContext } from '../api/openai-context';
import { createQueryClient } from '../app/query-client';
import { ServerQuota } from '../app/server-quota';
import { cssVariablesResolver, theme } from '../app/theme';
import { AccessProvider } from '../components/access';
import { I18nProvider, useTexts } from '../components/i18n';
import { OWNER_IDENTITY, type AdminIdentity } from '../contract/admin-key';
import { TEXT_SECTIONS } from '../lib/i18n/every-text';
import type { Language } from '../lib/i18n/languages';

/** The parts' own texts in the language shown, which the parts' roots ask for in the dashboard. */
function PartTexts({ children }: { children: ReactNode }) {
  useTexts(...TEXT_SECTIONS);
  return children;
}

interface Options {
  /** Renders as the signed-in app does: with a backend for this server, a cache and its ratio. */
  connection?: Connection;
  language?: Language;
  /** What the session does with the calls made (the activity log, a rejected key). */
  hooks?: ClientHooks;
  /** Who the connected key is (the owner unless told): what the screens offer follows it. */
  identity?: AdminIdentity;
}

/**
 * Renders with the app's own providers: Mantine with the app's theme (transitions and portals
 * off, as Mantine advises for tests), the catalogue, and when connected a real backend over fetch.
 */
export function renderWithProviders(
  ui: ReactElement,
  { connection, language, hooks = {}, identity = OWNER_IDENTITY }: Options = {},
) {
  if (language) localStorage.setItem('tokendesk.language', language);
  const queryClient = createQueryClient();
  const backend: TokenBackend | null = connection
    ? createBackend(connection, hooks, queryClient)
    : null;
  // As in the app: the explorer's calls are logged, and a 401 there does not end the session.
  const exchange: ExchangeAccess | null = connection
    ? { connection, exchange: createClient(connection, { onCall: hooks.onCall }).exchange }
    : null;
  const openAi = connection ? { connection, hooks: { onCall: hooks.onCall } } : null;

  function Providers({ children }: { children: ReactNode }) {
    const connected =
      connection && backend ? (
        <QueryClientProvider client={queryClient}>
          <BackendContext.Provider value={backend}>
            <ExchangeContext.Provider value={exchange}>
              <OpenAiContext.Provider value={openAi}>
                <AccessProvider identity={identity}>
                  <ServerQuota server={connection.baseUrl}>{children}</ServerQuota>
                </AccessProvider>
              </OpenAiContext.Provider>
            </ExchangeContext.Provider>
          </BackendContext.Provider>
        </QueryClientProvider>
      ) : (
        children
      );
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <I18nProvider>
          <Suspense fallback={null}>
            <PartTexts>{connected}</PartTexts>
          </Suspense>
        </I18nProvider>
      </MantineProvider>
    );
  }

  return {
    user: userEvent.setup(),
    backend,
    queryClient,
    ...render(ui, { wrapper: Providers }),
  };
}
