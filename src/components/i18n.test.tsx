// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { enModels, modelsTexts } from '../lib/i18n/en-models';
import { enWebhooks, webhooksTexts } from '../lib/i18n/en-webhooks';
import { zhCNModels } from '../lib/i18n/zh-CN-models';
import { zhCNWebhooks } from '../lib/i18n/zh-CN-webhooks';
import type { TextSection } from '../lib/i18n/sections';
import { I18nProvider, useI18n, useTexts } from './i18n';

/** A part with texts of its own, and a button that switches to the other language. */
function Part({
  texts,
  keyShown,
}: {
  texts: TextSection;
  keyShown: 'models.title' | 'webhooks.deliveries';
}) {
  useTexts(texts);
  const { t, language, setLanguage } = useI18n();
  return (
    <button onClick={() => setLanguage(language === 'en' ? 'zh-CN' : 'en')}>
      {t(keyShown)} · {t('app.loading')}
    </button>
  );
}

function show(texts: TextSection, keyShown: 'models.title' | 'webhooks.deliveries') {
  render(
    <I18nProvider>
      <Suspense fallback={null}>
        <Part texts={texts} keyShown={keyShown} />
      </Suspense>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('a part’s own texts', () => {
  it('show in Chinese when the part is first drawn in Chinese, and switch with the rest', async () => {
    localStorage.setItem('tokendesk.language', 'zh-CN');
    show(webhooksTexts, 'webhooks.deliveries');
    const button = await screen.findByRole('button', {
      name: `${zhCNWebhooks['webhooks.deliveries']} · 正在加载…`,
    });
    await act(async () => fireEvent.click(button));
    expect(
      await screen.findByRole('button', {
        name: `${enWebhooks['webhooks.deliveries']} · Loading…`,
      }),
    ).toBeTruthy();
  });

  it('come along in Chinese when the reader switches after the part was drawn in English', async () => {
    localStorage.setItem('tokendesk.language', 'en');
    show(modelsTexts, 'models.title');
    const button = await screen.findByRole('button', {
      name: `${enModels['models.title']} · Loading…`,
    });
    await act(async () => fireEvent.click(button));
    expect(
      await screen.findByRole('button', { name: `${zhCNModels['models.title']} · 正在加载…` }),
    ).toBeTruthy();
  });
});
