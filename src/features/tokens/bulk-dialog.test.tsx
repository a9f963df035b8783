// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
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

const GATEWAY_STATUS = ok({ version: 'v0.6', system_name: 'One API', quota_per_unit: 500_000 });

/** A service that takes every update and answers with the token as it now is. */
function openDialog(kind: BulkKind, serverKind: ServerKind = 'tokendesk') {
  const server = fakeServer({
    'GET /api/status': () => (serverKind === 'tokendesk' ? SERVICE_STATUS : GATEWAY_STATUS),
    'PUT /api/token/': ({ body }) => {
      const sent = body as Partial<Token> & { id: number };
      return ok({ ...(sent.id === rich.id ? rich : poor), ...sent });
    },
    // One of the two was deleted elsewhere in the meantime.
    'POST /api/token/batch': () => ok(1),
  });
  const finished = vi.fn();
  const view = renderWithProviders(
    <BulkDialog
      kind={kind}
      tokens={[rich, poor]}
      onClose={() => undefined}
      onFinished={finished}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: serverKind } },
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

  it('says what it did in words: the tokens deleted, and those already gone', async () => {
    const { user } = openDialog('delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete tokens' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete tokens (2)' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Done for 2 of 2Deleted 1 token. 1 of them had already been deleted.',
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

  it('sets a refill and rate limit on every token, and nothing else', async () => {
    const { user, server } = openDialog('set-lifecycle');
    const dialog = await screen.findByRole('dialog', { name: 'Set refills and rate limit' });
    const refills = within(dialog).getByRole('radiogroup', { name: 'Refills' });
    expect(within(refills).getByRole('radio', { name: 'Unchanged' })).toBeChecked();
    await user.click(within(refills).getByRole('radio', { name: 'Daily' }));
    const refill = within(dialog).getByRole('textbox', { name: 'Refill to' });
    await user.clear(refill);
    await user.type(refill, '5');
    const rateLimit = within(dialog).getByRole('radiogroup', { name: 'Rate limit' });
    await user.click(within(rateLimit).getByRole('radio', { name: 'Set a limit' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Requests per minute' }), '60');
    await user.click(
      within(dialog).getByRole('button', { name: 'Set refills and rate limit (2)' }),
    );

    expect(await within(dialog).findByText('Done for 2 of 2')).toBeVisible();
    expect(within(dialog).getByText('Set the refills and rate limit of 2 tokens.')).toBeVisible();
    const lifecycle = { quota_reset_period: 'daily', quota_reset_amount: 2_500_000, rpm_limit: 60 };
    // Only what changes is sent: a quota spent meanwhile is not written back as it was.
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: rich.id, ...lifecycle },
      { id: poor.id, ...lifecycle },
    ]);
  });

  it('takes the rate limits away, leaving each token’s refill as it is', async () => {
    const { user, server } = openDialog('set-lifecycle');
    const dialog = await screen.findByRole('dialog', { name: 'Set refills and rate limit' });
    const rateLimit = within(dialog).getByRole('radiogroup', { name: 'Rate limit' });
    expect(within(rateLimit).getByRole('radio', { name: 'Unchanged' })).toBeChecked();
    await user.click(within(rateLimit).getByRole('radio', { name: 'No limit' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Requests per minute' })).toBeNull();
    await user.click(
      within(dialog).getByRole('button', { name: 'Set refills and rate limit (2)' }),
    );

    expect(await within(dialog).findByText('Done for 2 of 2')).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: rich.id, rpm_limit: 0 },
      { id: poor.id, rpm_limit: 0 },
    ]);
  });

  it('asks for something to change before changing anything', async () => {
    const { user, server } = openDialog('set-lifecycle');
    const dialog = await screen.findByRole('dialog', { name: 'Set refills and rate limit' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Set refills and rate limit (2)' }),
    );
    expect(
      await within(dialog).findByText('Choose a refill or a rate limit to change.'),
    ).toBeVisible();
    expect(server.writes()).toEqual([]);
  });

  it.each([
    ['2000000', 'Enter a whole number from 1 to 1,000,000.'],
    ['', 'Enter a whole number from 1 to 1,000,000.'],
    ['0', '0 is not taken as a limit. Choose “No limit” to remove the limits'],
  ])('says what is wrong with a rate limit of “%s”, and changes nothing', async (typed, says) => {
    const { user, server } = openDialog('set-lifecycle');
    const dialog = await screen.findByRole('dialog', { name: 'Set refills and rate limit' });
    const rateLimit = within(dialog).getByRole('radiogroup', { name: 'Rate limit' });
    await user.click(within(rateLimit).getByRole('radio', { name: 'Set a limit' }));
    const rpm = within(dialog).getByRole('textbox', { name: 'Requests per minute' });
    if (typed) await user.type(rpm, typed);
    await user.click(
      within(dialog).getByRole('button', { name: 'Set refills and rate limit (2)' }),
    );

    await waitFor(() => expect(rpm).toHaveAccessibleDescription(expect.stringContaining(says)));
    expect(rpm).toHaveValue(typed);
    expect(server.writes()).toEqual([]);
  });

  it('points out a refill that would lower the quota some tokens have', async () => {
    const { user } = openDialog('set-lifecycle');
    const dialog = await screen.findByRole('dialog', { name: 'Set refills and rate limit' });
    const refills = within(dialog).getByRole('radiogroup', { name: 'Refills' });
    await user.click(within(refills).getByRole('radio', { name: 'Weekly' }));
    const refill = within(dialog).getByRole('textbox', { name: 'Refill to' });
    await user.clear(refill);
    await user.type(refill, '1');
    expect(
      within(dialog).getByText(
        'The first refill lowers the remaining quota of 1 of the selected tokens to $1.00.',
      ),
    ).toBeVisible();
    await user.type(refill, '0');
    expect(within(dialog).queryByText(/lowers the remaining quota/)).toBeNull();
  });

  it('offers no refill or rate limit beside the quota', async () => {
    openDialog('set-quota');
    const dialog = await screen.findByRole('dialog', { name: 'Set quota' });
    expect(within(dialog).queryByRole('radiogroup', { name: 'Refills' })).toBeNull();
  });
});
