// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
import type { AdminIdentity } from '../../contract/admin-key';
import type { Language } from '../../lib/i18n/languages';
import type { Token } from '../../contract/token';
import {
  fakeServer,
  ok,
  refused,
  SERVICE_STATUS,
  type Answer,
} from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { NO_LIFECYCLE } from './lifecycle-form';
import TokenFormModal from './token-form-modal';
import { sampleToken } from '../../test-support/sample-token';

afterEach(() => vi.unstubAllGlobals());

const stored: Token = sampleToken({ id: 7, name: 'Staging', remain_quota: 2_000_000 });

const GATEWAY_STATUS = ok({ version: 'v0.6', system_name: 'One API', quota_per_unit: 500_000 });

/**
 * The form as the token screen uses it: saving creates (or updates) the token on the server;
 * a refusal is thrown back to the form, which shows it.
 */
function openForm({
  kind = 'tokendesk',
  token = null,
  language,
  save,
  identity,
}: {
  kind?: ServerKind;
  token?: Token | null;
  language?: Language;
  save: (body: unknown) => Answer;
  identity?: AdminIdentity;
}) {
  const server = fakeServer({
    'GET /api/status': () => (kind === 'tokendesk' ? SERVICE_STATUS : GATEWAY_STATUS),
    'GET /api/token/7': () => ok(stored),
    'POST /api/token/': ({ body }) => save(body),
    'PUT /api/token/': ({ body }) => save(body),
  });
  const saved = vi.fn();
  const view = renderWithProviders(
    <TokenFormModal
      token={token}
      onClose={() => undefined}
      onSubmit={async ({ edit, lifecycle }) => {
        const { status: _status, ...fields } = edit;
        saved(
          token
            ? await view.backend!.update(token, { ...edit, ...lifecycle })
            : await view.backend!.create({ ...fields, ...(lifecycle ?? NO_LIFECYCLE) }),
        );
      }}
    />,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind }, language, identity },
  );
  return { ...view, server, saved };
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const nameInput = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Name' });
const quotaInput = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Quota' });

/** Replaces what a field holds with text pasted in. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the token form', () => {
  it('says under each field what is wrong with it, and sends nothing', async () => {
    const { user, server } = openForm({ save: () => ok(stored) });
    const form = await dialog('Create token');
    await fill(user, nameInput(form), 'n'.repeat(51));
    await fill(user, quotaInput(form), 'lots');
    await fill(user, within(form).getByLabelText('Count'), '0');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() =>
      expect(nameInput(form)).toHaveAccessibleDescription('Name must be 1 to 50 characters.'),
    );
    expect(quotaInput(form)).toHaveAccessibleDescription(
      expect.stringContaining('Enter a number, such as 2 or 2.50.'),
    );
    // The error alone: the hint it replaces would be a second message under a narrow field.
    expect(within(form).getByLabelText('Count')).toHaveAccessibleDescription(
      'Enter a whole number from 1 to 100.',
    );
    expect(server.writes()).toEqual([]);
  });

  it('makes each group of choices one stop for Tab, chosen within by the arrow keys', async () => {
    const { user } = openForm({ save: () => ok(stored) });
    const form = await dialog('Create token');
    const expiry = within(form).getByRole('radiogroup', { name: 'Expires' });
    const refills = within(form).getByRole('radiogroup', { name: 'Refills' });
    within(form).getByRole('switch', { name: 'Unlimited quota' }).focus();

    await user.tab();
    expect(within(expiry).getByRole('radio', { name: 'Never' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(expiry).getByRole('radio', { name: '1 hour' })).toBeChecked();
    await user.tab();
    expect(within(refills).getByRole('radio', { name: 'Never' })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('textbox', { name: 'Requests per minute' })).toHaveFocus();
  });

  it('tells a Chinese reader in Chinese', async () => {
    const { user } = openForm({ language: 'zh-CN', save: () => ok(stored) });
    const form = await dialog('创建令牌');
    await fill(user, within(form).getByRole('textbox', { name: '每分钟请求数' }), '0');
    await user.click(within(form).getByRole('button', { name: '创建令牌' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: '名称' })).toHaveAccessibleDescription(
        '名称必须为 1 到 50 个字符。',
      ),
    );
    expect(within(form).getByRole('textbox', { name: '每分钟请求数' })).toHaveAccessibleDescription(
      expect.stringContaining('不接受 0 作为限制。留空表示不限制'),
    );
  });

  it('shows a gateway’s refusal in its own words under the field it is about, keeping what was typed', async () => {
    const { user, saved } = openForm({
      kind: 'one-api',
      save: () => refused(200, '参数错误：令牌名称过长'),
    });
    const form = await dialog('Create token');
    const name = nameInput(form);
    const quota = quotaInput(form);
    await fill(user, name, 'a name far longer than thirty bytes');
    await fill(user, quota, '7.5');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        '参数错误：令牌名称过长 (The token name is too long for this server.)',
      ),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('参数错误：令牌名称过长');
    expect(name).toHaveValue('a name far longer than thirty bytes');
    expect(quota).toHaveValue('7.5');
    expect(saved).not.toHaveBeenCalled();
  });

  it('shows the service’s refusal under the field its message starts with', async () => {
    const { user, server } = openForm({
      token: stored,
      save: () => refused(400, 'subnet must not contain control characters'),
    });
    const form = await dialog('Edit token');
    await user.click(within(form).getByRole('button', { name: 'Advanced' }));
    const subnet = within(form).getByLabelText('Allowed IP ranges');
    // Copied from a terminal, with a bell character the form does not look for.
    await fill(user, subnet, '10.0.0.0/8\u0007');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(subnet).toHaveAccessibleDescription(
        expect.stringContaining('subnet must not contain control characters'),
      ),
    );
    expect(nameInput(form)).not.toHaveAccessibleDescription();
    expect(subnet).toHaveValue('10.0.0.0/8\u0007');
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      id: 7,
      name: 'Staging',
      subnet: '10.0.0.0/8\u0007',
    });
  });

  it('sends the token as typed when the server takes it', async () => {
    const { user, saved, server } = openForm({
      save: (body) => ok({ ...stored, ...(body as object), id: 8 }),
    });
    const form = await dialog('Create token');
    await fill(user, nameInput(form), '  Backend  ');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Backend',
      remain_quota: 500_000,
      unlimited_quota: false,
      expired_time: -1,
      models: '',
      subnet: '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
  });

  it('shows an operator the models and addresses without letting them be changed, and sends them back as they were', async () => {
    const limited = { ...stored, models: 'gpt-4o', subnet: '10.0.0.0/8' };
    const { user, server, saved } = openForm({
      token: limited,
      save: (body) => ok({ ...limited, ...(body as object) }),
      identity: { id: 2, name: 'Support desk', role: 'operator' },
    });
    const form = await dialog('Edit token');
    const models = within(form).getByRole('textbox', { name: 'Allowed models' });
    expect(models).toHaveValue('gpt-4o');
    expect(models).toHaveAttribute('readonly');
    expect(models).toHaveAccessibleDescription(/The role of this key may not change them\./);
    expect(within(form).getByRole('textbox', { name: 'Allowed IP ranges' })).toHaveAttribute(
      'readonly',
    );
    await fill(user, nameInput(form), 'Staging 2');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Staging 2',
      models: 'gpt-4o',
      subnet: '10.0.0.0/8',
    });
  });
});
