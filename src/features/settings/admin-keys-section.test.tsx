// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
import type { AdminIdentity, AdminKey } from '../../contract/admin-key';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import SettingsDrawer from './settings-drawer';

afterEach(() => vi.unstubAllGlobals());

const WHOLE_KEY = 'Q'.repeat(48);
const DAY = 86_400;
const supportDesk: AdminKey = {
  id: 2,
  name: 'Support desk',
  role: 'operator',
  key: 'QQQQ**********QQQQ',
  created_time: Date.UTC(2026, 0, 5) / 1000,
  last_used_time: 0,
};
const finance: AdminKey = {
  id: 3,
  name: 'Finance',
  role: 'viewer',
  key: 'FFFF**********FFFF',
  created_time: Date.UTC(2026, 0, 6) / 1000,
  last_used_time: Math.floor(Date.now() / 1000) - 2 * DAY,
};

function openSettings({
  kind = 'tokendesk',
  identity,
}: { kind?: ServerKind; identity?: AdminIdentity } = {}) {
  let keys = [supportDesk, finance];
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/admin-key/': () => ok(keys),
    'POST /api/admin-key/': ({ body }) => {
      const created = {
        ...(body as Pick<AdminKey, 'name' | 'role'>),
        id: 4,
        key: WHOLE_KEY,
        created_time: Math.floor(Date.now() / 1000),
        last_used_time: 0,
      };
      keys = [...keys, { ...created, key: 'QQQQ**********QQQQ' }];
      return ok(created);
    },
    'DELETE /api/admin-key/2': () => {
      keys = keys.filter((key) => key.id !== 2);
      return ok({ id: 2 });
    },
  });
  const view = renderWithProviders(<SettingsDrawer onClose={() => undefined} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'the-admin-key', kind },
    identity,
  });
  return { ...view, server };
}

const section = () => screen.findByRole('region', { name: 'Admin keys' });

describe('Settings → Admin keys', () => {
  it('lists each key with its role, masked key, and when it was made and last used', async () => {
    openSettings();
    const list = await within(await section()).findByRole('list', { name: 'Admin keys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Support desk');
    expect(first).toHaveTextContent('Operator');
    expect(first).toHaveTextContent('QQQQ**********QQQQ');
    expect(first).toHaveTextContent('Created Jan 5, 2026 · never used');
    expect(second).toHaveTextContent('Viewer');
    expect(second).toHaveTextContent('last used 2 days ago');
  });

  it('creates a key with the role chosen, saying what the role may do, and shows the key once', async () => {
    const { user, server } = openSettings();
    const create = within(await section()).getByRole('button', { name: 'Create admin key' });
    await user.click(create);
    const form = await screen.findByRole('dialog', { name: 'New admin key' });
    const role = within(form).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveAccessibleDescription(
      'May read tokens, usage and the audit, and change names, quotas, expiry, status, refills and rate limits.',
    );
    await user.selectOptions(role, 'viewer');
    expect(role).toHaveAccessibleDescription('May read tokens (keys masked), usage and the audit.');
    await user.click(within(form).getByRole('button', { name: 'Create admin key' }));
    expect(await within(form).findByText('Enter a name of 1 to 50 characters.')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Auditors');
    await user.click(within(form).getByRole('button', { name: 'Create admin key' }));

    const shown = await screen.findByRole('dialog', { name: 'Admin key created' });
    expect(within(shown).getByLabelText('Key of Auditors (Viewer)')).toHaveTextContent(WHOLE_KEY);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Auditors',
      role: 'viewer',
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    // Back to the button that began it, through both dialogs.
    expect(create).toHaveFocus();
    const list = within(await section()).getByRole('list', { name: 'Admin keys' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(list).not.toHaveTextContent(WHOLE_KEY);
  });

  it('revokes a key only once asked, naming it', async () => {
    const { user, server } = openSettings();
    await user.click(
      await within(await section()).findByRole('button', { name: 'Revoke Support desk' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke admin key' });
    expect(confirm).toHaveTextContent(
      'Revoke “Support desk”? Anyone using it is signed out at their next action.',
    );
    expect(server.writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(server.writes()).toEqual(['DELETE /api/admin-key/2']));
    const list = within(await section()).getByRole('list', { name: 'Admin keys' });
    await waitFor(() => expect(list).not.toHaveTextContent('Support desk'));
  });

  it('is off on a gateway, saying why', async () => {
    openSettings({ kind: 'one-api' });
    const admin = await section();
    expect(within(admin).getByRole('button', { name: 'Create admin key' })).toBeDisabled();
    expect(
      within(admin).getByRole('button', { name: 'Create admin key' }),
    ).toHaveAccessibleDescription(/one-api and new-api have one access token per user/);
  });

  it('is not there for an operator, nor is the quota ratio', async () => {
    const { server } = openSettings({
      identity: { id: 2, name: 'Support desk', role: 'operator' },
    });
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin keys' })).toBeNull();
    expect(screen.queryByLabelText('Quota units per USD')).toBeNull();
    expect(screen.getByText('Show quota as')).toBeInTheDocument();
    expect(server.calls.map((call) => call.url.pathname)).not.toContain('/api/admin-key/');
  });
});
