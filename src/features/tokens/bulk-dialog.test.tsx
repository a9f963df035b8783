// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Token } from '../../contract/token';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import BulkDialog, { type BulkKind } from './bulk-dialog';
import { sampleToken } from '../../test-support/sample-token';

afterEach(() => vi.unstubAllGlobals());

const token = (id: number, name: string, remain_quota: number): Token =>
  sampleToken({ id, name, remain_quota });
const rich = token(1, 'Rich', 2_000_000);
const poor = token(2, 'Poor', 100);

/** A service that takes every update and answers with the token as it now is. */
function openDialog(kind: BulkKind) {
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'PUT /api/token/': ({ body }) => {
      const sent = body as Partial<Token> & { id: number };
      return ok({ ...(sent.id === rich.id ? rich : poor), ...sent });
    },
  });
  const finished = vi.fn();
  const view = renderWithProviders(
    <BulkDialog
      kind={kind}
      tokens={[rich, poor]}
      onClose={() => undefined}
      onFinished={finished}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
  );
  return { ...view, server, finished };
}

describe('the bulk dialog', () => {
  it('adds or takes quota from each token, and lists those it could not change with why', async () => {
    const { user, server, finished } = openDialog('add-quota');
    const dialog = await screen.findByRole('dialog', { name: 'Add quota' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '-1');
    expect(amount).toHaveAccessibleDescription('= -500,000 units');
    await user.click(within(dialog).getByRole('button', { name: 'Add quota (2)' }));

    expect(await within(dialog).findByText('Done for 1 of 2')).toBeVisible();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Poor: only 100 units left, cannot take 500000',
    );
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      expect.objectContaining({ id: 1, remain_quota: 1_500_000 }),
    ]);
    expect(finished).toHaveBeenCalledWith(
      expect.objectContaining({ done: [expect.objectContaining({ item: rich })] }),
    );
  });

  it('says under the amount what is wrong with it, and changes nothing', async () => {
    const { user, server, finished } = openDialog('set-quota');
    const dialog = await screen.findByRole('dialog', { name: 'Set quota' });
    const amount = within(dialog).getByRole('textbox', { name: 'Quota' });
    await user.clear(amount);
    await user.type(amount, '2.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Units' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set quota (2)' }));

    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining('Units are whole numbers.'),
      ),
    );
    expect(amount).toHaveValue('2.5');
    expect(server.writes()).toEqual([]);
    expect(finished).not.toHaveBeenCalled();
  });

  it('asks for the date of a custom expiry before changing anything', async () => {
    const { user, server } = openDialog('set-expiry');
    const dialog = await screen.findByRole('dialog', { name: 'Set expiry' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: 'Date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set expiry (2)' }));

    expect(
      await within(dialog).findByText('Pick the date and time the token stops working.'),
    ).toBeVisible();
    expect(server.writes()).toEqual([]);
  });
});
