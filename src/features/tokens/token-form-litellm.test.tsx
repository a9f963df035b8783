// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { NO_LIFECYCLE } from './lifecycle-form';
import TokenFormModal from './token-form-modal';

afterEach(() => vi.unstubAllGlobals());

/** The form creating through the LiteLLM backend, as the token screen's submit does. */
function openForm() {
  const server = fakeServer({
    'GET /openapi.json': () => ({ status: 200, body: { info: { title: 'LiteLLM API' } } }),
    'POST /key/generate': ({ body }) => ({
      status: 200,
      body: { ...(body as object), token: 'ab'.repeat(32), key: 'sk-WHOLE', spend: 0 },
    }),
  });
  const view = renderWithProviders(
    <TokenFormModal
      token={null}
      onClose={() => undefined}
      onSubmit={async ({ edit, lifecycle }) => {
        const { status: _status, ...fields } = edit;
        await view.backend!.create({ ...fields, ...(lifecycle ?? NO_LIFECYCLE) });
      }}
    />,
    { connection: { baseUrl: 'http://litellm.test', adminKey: 'sk-master', kind: 'litellm' } },
  );
  return { ...view, server };
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the token form on LiteLLM', () => {
  it('limits tokens per minute too, and refills the whole budget without asking an amount', async () => {
    const { user, server } = openForm();
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'bot');
    await fill(user, within(form).getByRole('textbox', { name: 'Quota' }), '5');
    const refills = within(form).getByRole('radiogroup', { name: 'Refills' });
    await user.click(within(refills).getByRole('radio', { name: 'Weekly' }));
    expect(within(form).queryByRole('textbox', { name: 'Refill to' })).toBeNull();
    expect(within(form).getByText(/the key gets its whole budget again/)).toBeVisible();
    await fill(user, within(form).getByRole('textbox', { name: 'Requests per minute' }), '60');
    await fill(user, within(form).getByRole('textbox', { name: 'Tokens per minute' }), '90,000');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() =>
      expect(server.calls.find((call) => call.url.pathname === '/key/generate')?.body).toEqual({
        key_alias: 'bot',
        max_budget: 5,
        rpm_limit: 60,
        tpm_limit: 90_000,
        budget_duration: '7d',
      }),
    );
  });

  it('shows the IP ranges off, saying why, and refuses a limit of 0 tokens', async () => {
    const { user, server } = openForm();
    const form = await screen.findByRole('dialog', { name: 'Create token' });
    await user.click(within(form).getByRole('button', { name: 'Advanced' }));
    const ranges = await within(form).findByRole('textbox', { name: 'Allowed IP ranges' });
    expect(ranges).toBeDisabled();
    expect(ranges).toHaveAccessibleDescription(
      'LiteLLM has no IP ranges per key: any address may use it.',
    );
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'bot');
    const tpm = within(form).getByRole('textbox', { name: 'Tokens per minute' });
    await fill(user, tpm, '0');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(tpm).toHaveAccessibleDescription(
        expect.stringContaining('0 is not taken as a limit.'),
      ),
    );
    expect(tpm).toHaveValue('0');
    expect(server.calls.some((call) => call.url.pathname === '/key/generate')).toBe(false);
  });
});
