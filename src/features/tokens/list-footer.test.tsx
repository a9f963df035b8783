// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countedPage } from '../../api/backend';
import { TOTAL_CAP } from '../../contract/token-page';
import type { Language } from '../../lib/i18n/languages';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { DEFAULT_VIEW } from './list-view/list-view-params';
import { ListFooter } from './list-footer';
import { TokensHeader } from './tokens-header';

const connection = { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } as const;
const tokens = (count: number) =>
  Array.from({ length: count }, (_, i) => sampleToken({ id: i + 1, name: `Cap ${i}` }));

/** The header and footer of a search whose count the server stopped at TOTAL_CAP. */
function renderCapped(page: number, shown: number, language: Language = 'en') {
  const view = { ...DEFAULT_VIEW, page, size: 100, search: 'cap' };
  const list = countedPage(tokens(shown), TOTAL_CAP, page, 100, true);
  const setView = vi.fn();
  renderWithProviders(
    <>
      <TokensHeader
        total={list.total}
        totalCapped={list.totalCapped}
        slow={false}
        exportFilter={{ keyword: 'cap' }}
        onCreate={() => {}}
        phone={false}
      />
      <ListFooter list={list} view={view} setView={setView} phone={false} />
    </>,
    { connection, language },
  );
  return setView;
}

describe('a list whose count the server capped', () => {
  it('says "more than", and pages on while a page comes back full', () => {
    const setView = renderCapped(11, 100);
    expect(screen.getByText('More than 1,000 tokens')).toBeInTheDocument();
    expect(screen.getByText('1,001–1,100 of more than 1,000')).toBeInTheDocument();
    // No numbered pages: the last one is not known.
    expect(screen.queryByLabelText('Pages')).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    next.click();
    expect(setView).toHaveBeenCalledWith({ page: 12 });
  });

  it('ends at the first page that is not full', () => {
    renderCapped(12, 37);
    expect(screen.getByText('1,101–1,137 of more than 1,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('says it in Chinese too', async () => {
    renderCapped(1, 100, 'zh-CN');
    expect(await screen.findByText('超过 1,000 个令牌')).toBeInTheDocument();
    expect(screen.getByText('第 1–100 个，共超过 1,000 个')).toBeInTheDocument();
  });
});

describe('a list counted whole', () => {
  it('shows its total and numbered pages', () => {
    const view = { ...DEFAULT_VIEW, page: 2, size: 10 };
    renderWithProviders(
      <ListFooter
        list={countedPage(tokens(10), 36, 2, 10)}
        view={view}
        setView={() => {}}
        phone={false}
      />,
      { connection },
    );
    expect(screen.getByText('11–20 of 36')).toBeInTheDocument();
    expect(screen.getByLabelText('Pages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
