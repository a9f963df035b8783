// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Token } from '../../contract/token';
import { fakeServer, ok, SERVICE_STATUS, unreachableServer } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { DeleteTokenDialog } from './delete-token-dialog';
import { sampleToken } from '../../test-support/sample-token';

afterEach(() => vi.unstubAllGlobals());

const token: Token = sampleToken({ id: 12, name: 'Old worker' });

/** The dialog as the token screen uses it: confirming deletes the token on the server. */
function openDialog() {
  const deleted = vi.fn();
  const closed = vi.fn();
  const view = renderWithProviders(
    <DeleteTokenDialog
      token={token}
      onClose={closed}
      onConfirm={async () => {
        await view.backend!.remove(token.id);
        deleted();
      }}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
  );
  return { ...view, deleted, closed };
}

describe('the delete dialog', () => {
  it('names the token, and deletes it only when confirmed', async () => {
    const server = fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'DELETE /api/token/12': () => ok(null),
    });
    const { user, deleted } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delete token' });
    expect(dialog).toHaveTextContent('Old worker');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(server.writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete token' }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    expect(server.writes()).toEqual(['DELETE /api/token/12']);
  });

  it('says why it failed and stays open to try again or cancel', async () => {
    unreachableServer();
    const { user, deleted, closed } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delete token' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete token' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cannot reach the server at server.test',
    );
    expect(deleted).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Delete token' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(closed).toHaveBeenCalled();
  });
});
