import './api/zod-jitless';
import './app/styles';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadBeforeFirstRender } from './app/app';
import { cssVariablesResolver, theme } from './app/theme';
import { I18nProvider } from './components/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void loadBeforeFirstRender().then(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
      >
        <I18nProvider>
          <App />
        </I18nProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
