// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import SettingsDrawer from './settings-drawer';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function openSettings() {
  const server = fakeServer({ 'GET /api/status': () => SERVICE_STATUS });
  const view = renderWithProviders(<SettingsDrawer onClose={() => undefined} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'the-admin-key', kind: 'tokendesk' },
  });
  return { ...view, server };
}

describe('Settings → quota units per USD', () => {
  it('shows what a million units are worth at the ratio being typed, before it is saved', async () => {
    const { user, server } = openSettings();
    const ratio = await screen.findByRole('textbox', { name: 'Quota units per USD' });
    await waitFor(() => expect(screen.getByText('1,000,000 units = $2.00')).toBeVisible());

    await user.clear(ratio);
    await user.type(ratio, '1,000,000');
    expect(screen.getByText('1,000,000 units = $1.00')).toBeVisible();

    await user.type(ratio, 'x');
    expect(screen.getByText('1,000,000 units = —')).toBeVisible();
    expect(server.writes()).toEqual([]);
  });
});
