// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Model } from '../../contract/model';
import type { Language } from '../../lib/i18n/languages';
import {
  fakeServer,
  ok,
  refused,
  SERVICE_STATUS,
  type Answer,
} from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleModel } from '../../test-support/sample-model';
import ModelsScreen from './models-screen';

afterEach(() => vi.unstubAllGlobals());

const stored = sampleModel({
  id: 4,
  name: 'gpt-4o',
  upstream_url: 'https://api.openai.com/v1',
  upstream_key_masked: 'sk-…9f3c',
  input_price: 2.5,
  output_price: 10,
});

/** The models screen with one model; a save answers as `save` says, and is recorded. */
function openScreen({
  save = ({ body }) => ok({ ...stored, ...(body as object), id: 4 }),
  language,
}: { save?: (call: { body: unknown }) => Answer; language?: Language } = {}) {
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/model/': () => ok({ items: [stored] }),
    'POST /api/model/': save,
    'PUT /api/model/': save,
  });
  const view = renderWithProviders(<ModelsScreen />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'a-key', kind: 'tokendesk' },
    language,
  });
  const sent = () =>
    server.calls
      .filter((call) => call.method === 'POST' || call.method === 'PUT')
      .map((c) => c.body);
  return { ...view, server, sent };
}

async function openCreate(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Create model' }));
  return screen.findByRole('dialog', { name: 'Create model' });
}

async function openEdit(user: UserEvent, model: Model = stored) {
  await screen.findByRole('table', { name: 'Models' });
  await user.click(
    within(screen.getByRole('group', { name: `Actions for ${model.name}` })).getByRole('button', {
      name: 'Edit',
    }),
  );
  return screen.findByRole('dialog', { name: `Edit model: ${model.name}` });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('the model form', () => {
  it('checks every field with the contract before sending, each problem under its field', async () => {
    const { user, sent } = openScreen();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create model' }));
    expect(await within(dialog).findByText(/^Give a name of 1 to 100 characters/)).toBeVisible();
    expect(within(dialog).getByText(/^Give an http or https address/)).toBeVisible();
    expect(within(dialog).getAllByText(/^Give a price in USD per 1M tokens/)).toHaveLength(2);

    await user.type(field(dialog, 'Name'), 'gpt-4o-mini');
    await user.type(field(dialog, 'Upstream address'), 'ftp://files.example.com');
    await user.type(field(dialog, 'Input price'), '-1');
    await user.type(field(dialog, 'Output price'), 'cheap');
    await user.click(within(dialog).getByRole('button', { name: 'Create model' }));
    expect(await within(dialog).findByText('A price cannot be below 0 (0 is free).')).toBeVisible();
    expect(within(dialog).getByText(/^Give a price in USD per 1M tokens/)).toBeVisible();
    expect(within(dialog).getByText(/^Give an http or https address/)).toBeVisible();
    expect(within(dialog).queryByText(/^Give a name/)).toBeNull();
    expect(field(dialog, 'Input price')).toHaveAccessibleDescription(
      /^A price cannot be below 0 \(0 is free\)\./,
    );
    expect(sent()).toEqual([]);
  });

  it('sends the figures as numbers, without a key or cached price left empty', async () => {
    const { user, sent } = openScreen();
    const dialog = await openCreate(user);
    await user.type(field(dialog, 'Name'), 'gpt-4o-mini');
    await user.type(field(dialog, 'Upstream address'), 'https://api.openai.com/v1/');
    await user.type(field(dialog, 'Input price'), '0.15');
    // What 1K tokens cost in units is shown as the price is typed.
    expect(field(dialog, 'Input price')).toHaveAccessibleDescription(
      'USD per 1M tokens: 75 units per 1K tokens.',
    );
    await user.type(field(dialog, 'Output price'), '0.6');
    await user.click(within(dialog).getByRole('button', { name: 'Create model' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual([
      {
        name: 'gpt-4o-mini',
        upstream_url: 'https://api.openai.com/v1',
        upstream_model: '',
        input_price: 0.15,
        output_price: 0.6,
        max_output_tokens: 4_096,
        stream_usage: true,
        enabled: true,
      },
    ]);
  });

  it('shows a name another model has under the name, and keeps what was typed', async () => {
    const { user, sent } = openScreen({
      save: () => refused(409, 'another model is named "gpt-4o": choose another name'),
    });
    const dialog = await openCreate(user);
    await user.type(field(dialog, 'Name'), 'gpt-4o');
    await user.type(field(dialog, 'Upstream address'), 'https://api.example.com/v1');
    await user.type(within(dialog).getByLabelText('Upstream key'), 'sk-typed-key-0001');
    await user.type(field(dialog, 'Input price'), '3');
    await user.type(field(dialog, 'Output price'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Create model' }));
    expect(
      await within(dialog).findByText('Another model has this name: choose another.'),
    ).toBeVisible();
    expect(field(dialog, 'Name')).toHaveValue('gpt-4o');
    expect(field(dialog, 'Name')).toHaveFocus();
    expect(field(dialog, 'Input price')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Upstream key')).toHaveValue('sk-typed-key-0001');
    expect(sent()).toHaveLength(1);
  });

  it('shows the key masked on edit, and sends none when it is left alone', async () => {
    const { user, sent } = openScreen();
    const dialog = await openEdit(user);
    expect(within(dialog).getByRole('group', { name: 'Upstream key' })).toHaveTextContent(
      'Current key: sk-…9f3c',
    );
    expect(within(dialog).queryByLabelText('New upstream key')).toBeNull();
    await user.clear(field(dialog, 'Output price'));
    await user.type(field(dialog, 'Output price'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ id: 4, output_price: 8, input_price: 2.5 });
    expect(sent()[0]).not.toHaveProperty('upstream_key');
  });

  it('replaces the key only with a new one typed', async () => {
    const { user, sent } = openScreen();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Replace key' }));
    const newKey = within(dialog).getByLabelText('New upstream key');
    expect(newKey).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Type the new key, or keep the current one.'),
    ).toBeVisible();
    expect(sent()).toEqual([]);
    await user.type(newKey, 'sk-new-upstream-key-42');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()[0]).toMatchObject({ id: 4, upstream_key: 'sk-new-upstream-key-42' });
  });

  it('removes the key with an explicit "Remove key", which can be taken back', async () => {
    const { user, sent } = openScreen();
    let dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(within(dialog).getByText('The key will be removed when you save.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the current key' }));
    expect(within(dialog).getByText('sk-…9f3c')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()[0]).toMatchObject({ id: 4, upstream_key: '' });

    // A cached price emptied follows the input price again.
    dialog = await openEdit(user);
    await user.clear(field(dialog, 'Input price'));
    await user.type(field(dialog, 'Input price'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ input_price: 2, cached_input_price: 2 });
  });

  it('tells each problem in Chinese, too', async () => {
    const { user } = openScreen({ language: 'zh-CN' });
    await user.click(await screen.findByRole('button', { name: '创建模型' }));
    const dialog = await screen.findByRole('dialog', { name: '创建模型' });
    await user.type(within(dialog).getByRole('textbox', { name: /^输入价格/ }), '2000000');
    await user.click(within(dialog).getByRole('button', { name: '创建模型' }));
    expect(await within(dialog).findByText('最多为每 100 万 token 1,000,000 美元。')).toBeVisible();
    expect(within(dialog).getByText(/^请输入 1 到 100 个字符的名称/)).toBeVisible();
  });
});
