// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
import type { Token } from '../../contract/token';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { NO_LIFECYCLE } from './lifecycle-form';
import TokenFormModal from './token-form-modal';

afterEach(() => vi.unstubAllGlobals());

const weekly: Token = sampleToken({
  id: 7,
  name: 'Staging',
  remain_quota: 400_000,
  quota_reset_period: 'weekly',
  quota_reset_amount: 1_000_000,
  next_reset_time: 1_900_000_000,
  rpm_limit: 30,
});

const GATEWAY_STATUS = ok({ version: 'v0.6', system_name: 'One API', quota_per_unit: 500_000 });
/** one-api's record of a token: it knows nothing of refills or rate limits. */
const oneApiToken = {
  id: 7,
  name: 'Staging',
  key: 'abcd**********wxyz',
  status: 1,
  remain_quota: 400_000,
  used_quota: 0,
  unlimited_quota: false,
  expired_time: -1,
  created_time: 1,
  accessed_time: 1,
};

/** The form saving through the real backend, as the token screen's submit does. */
function openForm({
  kind = 'tokendesk',
  token = null,
}: {
  kind?: ServerKind;
  token?: Token | null;
}) {
  const server = fakeServer({
    'GET /api/status': () => (kind === 'tokendesk' ? SERVICE_STATUS : GATEWAY_STATUS),
    'GET /api/token/7': () => ok(kind === 'tokendesk' ? weekly : oneApiToken),
    'POST /api/token/': ({ body }) => ok({ ...weekly, ...(body as object), id: 8 }),
    'PUT /api/token/': ({ body }) => ok({ ...weekly, ...(body as object) }),
  });
  const view = renderWithProviders(
    <TokenFormModal
      token={token}
      onClose={() => undefined}
      onSubmit={async ({ edit, lifecycle }) => {
        const { status: _status, ...fields } = edit;
        if (token) await view.backend!.update(token, { ...edit, ...lifecycle });
        else await view.backend!.create({ ...fields, ...(lifecycle ?? NO_LIFECYCLE) });
      }}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind } },
  );
  return { ...view, server };
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const refills = (form: HTMLElement) => within(form).getByRole('radiogroup', { name: 'Refills' });
const rpmInput = (form: HTMLElement) =>
  within(form).getByRole('textbox', { name: 'Requests per minute' });
const sent = (server: ReturnType<typeof fakeServer>, method: string) =>
  server.calls.find((call) => call.method === method)?.body;

describe('refills and the rate limit in the token form', () => {
  it('creates a token that refills $5 daily and makes at most 60 requests a minute', async () => {
    const { user, server } = openForm({});
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Refilled');
    expect(within(refills(form)).getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(within(form).queryByRole('textbox', { name: 'Refill to' })).toBeNull();

    await user.click(within(refills(form)).getByRole('radio', { name: 'Daily' }));
    expect(
      within(form).getByText('Every day at 00:00 UTC, the remaining quota is set to this amount.'),
    ).toBeVisible();
    const refill = within(form).getByRole('textbox', { name: 'Refill to' });
    await fill(user, refill, '5');
    expect(refill).toHaveAccessibleDescription('= 2,500,000 units');
    await fill(user, rpmInput(form), '60');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() =>
      expect(sent(server, 'POST')).toMatchObject({
        name: 'Refilled',
        quota_reset_period: 'daily',
        quota_reset_amount: 2_500_000,
        rpm_limit: 60,
      }),
    );
  });

  it('opens an edit with the token’s refill and limit, and saves what was changed', async () => {
    const { user, server } = openForm({ token: weekly });
    const form = await screen.findByRole('dialog', { name: 'Edit token' });
    expect(within(refills(form)).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Refill to' })).toHaveValue('2');
    expect(rpmInput(form)).toHaveValue('30');

    await user.clear(rpmInput(form));
    await user.click(within(refills(form)).getByRole('radio', { name: 'Monthly' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(sent(server, 'PUT')).toMatchObject({
        id: 7,
        quota_reset_period: 'monthly',
        quota_reset_amount: 1_000_000,
        rpm_limit: 0,
      }),
    );
  });

  it('says what to fix under each field, keeps what was typed, and sends nothing', async () => {
    const { user, server } = openForm({});
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Limited');
    await user.click(within(refills(form)).getByRole('radio', { name: 'Monthly' }));
    const refill = within(form).getByRole('textbox', { name: 'Refill to' });
    await fill(user, refill, '-3');
    await fill(user, rpmInput(form), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() =>
      expect(rpmInput(form)).toHaveAccessibleDescription(
        expect.stringContaining(
          'Enter a whole number from 1 to 1,000,000, or leave it empty for no limit.',
        ),
      ),
    );
    expect(refill).toHaveAccessibleDescription(
      expect.stringContaining('The quota cannot be negative.'),
    );
    expect(refill).toHaveValue('-3');
    expect(rpmInput(form)).toHaveValue('1.5');
    expect(server.writes()).toEqual([]);
  });

  it('refuses a rate limit of 0, saying to leave the field empty for no limit', async () => {
    const { user, server } = openForm({ token: weekly });
    const form = await screen.findByRole('dialog', { name: 'Edit token' });
    await fill(user, rpmInput(form), '0');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(rpmInput(form)).toHaveAccessibleDescription(
        expect.stringContaining(
          '0 is not taken as a limit. Leave the field empty for no limit, or disable the token to stop its requests.',
        ),
      ),
    );
    expect(rpmInput(form)).toHaveValue('0');
    expect(server.writes()).toEqual([]);
  });

  it('starts a new refill at the quota the token has, and says when a refill lowers it', async () => {
    const { user } = openForm({
      token: sampleToken({ id: 7, name: 'Staging', remain_quota: 1_750_000 }),
    });
    const form = await screen.findByRole('dialog', { name: 'Edit token' });
    await user.click(within(refills(form)).getByRole('radio', { name: 'Daily' }));
    const refill = within(form).getByRole('textbox', { name: 'Refill to' });
    expect(refill).toHaveValue('3.5');
    expect(within(form).queryByText(/lowers the remaining quota/)).toBeNull();

    await fill(user, refill, '1');
    expect(
      within(form).getByText('The first refill lowers the remaining quota from $3.50 to $1.00.'),
    ).toBeVisible();
  });

  it('shows them disabled on a gateway, says why, and sends neither', async () => {
    const { user, server } = openForm({
      kind: 'one-api',
      token: sampleToken({ id: 7, name: 'Staging', remain_quota: 400_000 }),
    });
    const form = await screen.findByRole('dialog', { name: 'Edit token' });
    const reason = 'one-api and new-api have no refills or rate limits per token.';
    expect(rpmInput(form)).toBeDisabled();
    expect(rpmInput(form)).toHaveAccessibleDescription(reason);
    expect(refills(form)).toHaveAccessibleDescription(reason);
    for (const radio of within(refills(form)).getAllByRole('radio')) expect(radio).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(server, 'PUT')).toBeDefined());
    expect(sent(server, 'PUT')).not.toHaveProperty('rpm_limit');
    expect(sent(server, 'PUT')).not.toHaveProperty('quota_reset_period');
  });
});
