// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminIdentity } from '../../contract/admin-key';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { TokensScreen } from './tokens-screen';

afterEach(() => vi.unstubAllGlobals());

const support = sampleToken({ id: 1, name: 'Support bot', remain_quota: 1_000_000 });
const OPERATOR: AdminIdentity = { id: 2, name: 'Support desk', role: 'operator' };
const VIEWER: AdminIdentity = { id: 3, name: 'Finance', role: 'viewer' };

function openScreen(identity?: AdminIdentity) {
  fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/token/': () =>
      ok({ items: [support], total: 1, total_capped: false, page: 1, page_size: 10 }),
    'GET /api/token/summary': () =>
      ok({ total: 1, total_capped: false, by_status: {}, remain_quota: 1_000_000 }),
  });
  return renderWithProviders(<TokensScreen />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'a-key', kind: 'tokendesk' },
    identity,
  });
}

const rowActions = async () =>
  within(await screen.findByRole('group', { name: 'Actions for Support bot' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('the token screen offers what the key’s role may do', () => {
  it('gives an owner every action', async () => {
    const { user } = openScreen();
    expect(await rowActions()).toEqual(['Edit', 'Disable', 'Copy key', 'Delete']);
    expect(screen.getByRole('button', { name: 'Create token' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Support bot' }));
    const bulk = screen.getByRole('region', { name: 'Selected tokens' });
    expect(within(bulk).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('lets an operator change tokens, but not create, delete or copy their keys', async () => {
    const { user } = openScreen(OPERATOR);
    expect(await rowActions()).toEqual(['Edit', 'Disable']);
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Support bot' }));
    const bulk = screen.getByRole('region', { name: 'Selected tokens' });
    expect(
      within(bulk)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Enable', 'Disable', 'More…', 'Clear selection']);
    await user.click(within(bulk).getByRole('button', { name: 'More…' }));
    // The menu's part may still be on its way: the menu opens once it is here.
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Set quota',
      'Add quota',
      'Set expiry',
      'Set refills and rate limit',
    ]);
  });

  it('shows a viewer the tokens with nothing to change them by', async () => {
    openScreen(VIEWER);
    expect(await screen.findByText('Support bot')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Actions for Support bot' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
    // Neither the select boxes' column nor the buttons' takes room: only the four data columns
    // of the narrowest table (jsdom's window matches no width).
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
  });
});
