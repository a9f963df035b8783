// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
import type { AdminIdentity } from '../../contract/admin-key';
import type { ModelTest } from '../../contract/model';
import { fakeServer, ok, refused, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleModel } from '../../test-support/sample-model';
import ModelsScreen from './models-screen';

afterEach(() => vi.unstubAllGlobals());

const OPERATOR: AdminIdentity = { id: 2, name: 'Support desk', role: 'operator' };
const VIEWER: AdminIdentity = { id: 3, name: 'Finance', role: 'viewer' };

const mini = sampleModel({
  id: 1,
  name: 'gpt-4o-mini',
  upstream_url: 'https://api.openai.com/v1',
  upstream_key_masked: 'sk-…a1b2',
  input_price: 0.15,
  output_price: 0.6,
});
const local = sampleModel({
  id: 2,
  name: 'llama',
  upstream_url: 'http://127.0.0.1:11434/v1',
  upstream_model: 'llama3.1:8b',
  upstream_key_masked: '',
  input_price: 0,
  output_price: 0,
  enabled: false,
});

const OK_TEST: ModelTest = {
  ok: true,
  status: 200,
  ms: 312,
  prompt_tokens: 11,
  completion_tokens: 2,
  message: 'OK.',
};

function openScreen({
  identity,
  kind = 'tokendesk',
  test = () => ok(OK_TEST),
}: {
  identity?: AdminIdentity;
  kind?: ServerKind;
  test?: () => ReturnType<typeof ok>;
} = {}) {
  let items = [mini, local];
  const server = fakeServer({
    'GET /api/status': () =>
      kind === 'tokendesk'
        ? SERVICE_STATUS
        : ok({ version: 'v0.6', system_name: 'One API', quota_per_unit: 500_000 }),
    'GET /api/model/': () => ok({ items }),
    'POST /api/model/1/test': test,
    'DELETE /api/model/1': () => {
      items = items.filter((model) => model.id !== 1);
      return ok({ id: 1 });
    },
  });
  const view = renderWithProviders(<ModelsScreen />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'a-key', kind },
    identity,
  });
  return { ...view, server };
}

/** The table's row of a model, once the list has come. */
async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Models' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row of ${name}`);
  return row;
}

describe('the models screen', () => {
  it('lists each model with its upstream host, never its key, and its prices in USD and units', async () => {
    openScreen();
    const row = await rowOf('gpt-4o-mini');
    expect(row).toHaveTextContent('api.openai.com');
    expect(row).not.toHaveTextContent('/v1');
    expect(row).not.toHaveTextContent('a1b2');
    // $0.15 per 1M tokens at 500,000 units per USD: 75 units per 1K tokens.
    expect(row).toHaveTextContent('$0.15');
    expect(row).toHaveTextContent('75 units per 1K tokens');
    expect(row).toHaveTextContent('$0.60');
    expect(row).toHaveTextContent('300 units per 1K tokens');
    expect(row).toHaveTextContent('On');
    const llama = await rowOf('llama');
    expect(llama).toHaveTextContent('sent as llama3.1:8b');
    expect(llama).toHaveTextContent('127.0.0.1:11434');
    expect(llama).toHaveTextContent('Free');
    expect(llama).toHaveTextContent('Off');
  });

  it('gives an owner Create, Test, Edit and Delete', async () => {
    openScreen();
    await rowOf('gpt-4o-mini');
    expect(screen.getByRole('button', { name: 'Create model' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for gpt-4o-mini' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Test', 'Edit', 'Delete']);
  });

  it.each([
    ['an operator', OPERATOR],
    ['a viewer', VIEWER],
  ])('shows %s the models with nothing to change or test them by', async (_who, identity) => {
    const { server } = openScreen({ identity });
    expect(await rowOf('gpt-4o-mini')).toHaveTextContent('$0.15');
    expect(screen.queryByRole('button', { name: 'Create model' })).toBeNull();
    expect(screen.queryByRole('group', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // No column waits for buttons that are not there.
    expect(screen.getAllByRole('columnheader')).toHaveLength(5);
    expect(server.writes()).toEqual([]);
  });

  it('tests a model: OK, the upstream’s status, the time and the tokens', async () => {
    const { user, server } = openScreen();
    await rowOf('gpt-4o-mini');
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for gpt-4o-mini' })).getByRole('button', {
        name: 'Test',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test gpt-4o-mini' });
    const result = await within(dialog).findByRole('table', { name: 'Test result' });
    expect(within(dialog).getByText('OK: the upstream answered')).toBeInTheDocument();
    expect(result).toHaveTextContent('Status200');
    expect(result).toHaveTextContent('Time312 ms');
    expect(result).toHaveTextContent('Tokens11 in · 2 out');
    expect(result).toHaveTextContent('AnswerOK.');
    expect(server.writes()).toEqual(['POST /api/model/1/test']);
    await user.click(within(dialog).getByRole('button', { name: 'Test again' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
  });

  it('tells a failed test in the upstream’s words, and one that could not run in its own', async () => {
    const failing: ModelTest = {
      ok: false,
      status: 401,
      ms: 95,
      prompt_tokens: null,
      completion_tokens: null,
      message:
        "The upstream refused the gateway's credentials for this model (401); its administrator must check the model's upstream key.",
    };
    const { user } = openScreen({ test: () => ok(failing) });
    await rowOf('gpt-4o-mini');
    await user.click(screen.getAllByRole('button', { name: 'Test' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Test gpt-4o-mini' });
    const result = await within(dialog).findByRole('table', { name: 'Test result' });
    expect(within(dialog).getByText('The upstream did not answer as it should')).toBeVisible();
    expect(result).toHaveTextContent('Status401');
    expect(result).toHaveTextContent('TokensNot reported by the upstream');
    expect(result).toHaveTextContent(/What went wrong.*check the model's upstream key/);

    vi.unstubAllGlobals();
    fakeServer({
      'POST /api/model/1/test': () => refused(404, 'no model has id 1'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Test again' }));
    expect(await within(dialog).findByText('The test could not be run')).toBeInTheDocument();
    expect(within(dialog).getByText('no model has id 1')).toBeInTheDocument();
  });

  it('deletes a model once asked, and lists the rest', async () => {
    const { user, server } = openScreen();
    await rowOf('gpt-4o-mini');
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for gpt-4o-mini' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete model' });
    expect(dialog).toHaveTextContent('Delete gpt-4o-mini?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete model' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('gpt-4o-mini')).toBeNull());
    expect(screen.getByText('llama')).toBeInTheDocument();
    expect(server.writes()).toEqual(['DELETE /api/model/1']);
  });

  it('says on one-api that it manages its models itself, and asks it nothing about them', async () => {
    const { server } = openScreen({ kind: 'one-api' });
    expect(
      await screen.findByText(
        'one-api manages its models itself, in its own console: they are not managed from this dashboard.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create model' })).toBeNull();
    expect(server.calls.some((call) => call.url.pathname.startsWith('/api/model'))).toBe(false);
  });
});
