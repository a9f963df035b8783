// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { pickerToSeconds } from './expiry';
import { NO_LIFECYCLE } from './lifecycle-form';
import TokenFormModal from './token-form-modal';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The create form, at a given local time of 10 March 2026. */
async function createFormAt(time: string) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`2026-03-10T${time}`));
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'POST /api/token/': ({ body }) =>
      ok(sampleToken({ ...(body as object), id: 8, name: 'Short-lived' })),
  });
  const view = renderWithProviders(
    <TokenFormModal
      token={null}
      onClose={() => undefined}
      onSubmit={async ({ edit: { status: _status, ...fields }, lifecycle }) => {
        await view.backend!.create({ ...fields, ...(lifecycle ?? NO_LIFECYCLE) });
      }}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
  );
  const { user } = view;
  const form = await screen.findByRole('dialog', { name: 'Create token' });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Short-lived');
  const expiry = within(form).getByRole('radiogroup', { name: 'Expires' });
  await user.click(within(expiry).getByRole('radio', { name: 'Date' }));
  // Today in the picker's calendar, then its button that takes the date and time shown.
  await user.click(within(form).getByRole('button', { name: 'Expiry date and time' }));
  await user.click(await screen.findByRole('button', { name: '10 March 2026' }));
  await user.click(screen.getByRole('button', { name: 'Use this date and time' }));
  return { ...view, server, form };
}

const sentExpiry = (server: ReturnType<typeof fakeServer>) =>
  (server.calls.find((call) => call.method === 'POST')?.body as { expired_time?: number })
    ?.expired_time;

describe('a token’s expiry date', () => {
  it('takes today picked alone as the end of today, not the minute it was picked', async () => {
    const { user, server, form } = await createFormAt('10:00:00');
    expect(within(form).getByRole('button', { name: 'Expiry date and time' })).toHaveTextContent(
      'Mar 10, 2026, 11:59 PM',
    );
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() => expect(sentExpiry(server)).toBe(pickerToSeconds('2026-03-10 23:59:00')));
  });

  it('asks to confirm an expiry less than an hour away, and sends nothing until then', async () => {
    const { user, server, form } = await createFormAt('23:30:00');
    const confirm = within(form).getByRole('checkbox', {
      name: 'Yes, it stops working in 29 minutes, at 11:59 PM.',
    });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription(
        'This is less than an hour away: confirm it, or pick a later time.',
      ),
    );
    expect(server.writes()).toEqual([]);

    await user.click(confirm);
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(sentExpiry(server)).toBe(pickerToSeconds('2026-03-10 23:59:00')));
  });
});
