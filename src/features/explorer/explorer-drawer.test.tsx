// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityLog } from '../../api/activity';
import type { ServerKind } from '../../api/client';
import type { AdminIdentity } from '../../contract/admin-key';
import type { Language } from '../../lib/i18n/languages';
import {
  fakeServer,
  ok,
  refused,
  SERVICE_STATUS,
  type Answer,
} from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import ExplorerDrawer from './explorer-drawer';

afterEach(() => {
  vi.unstubAllGlobals();
  activityLog.clear();
});

const NEW_KEY = 'a'.repeat(48);
const created = sampleToken({ id: 9, name: 'Production backend', key: NEW_KEY });

function openExplorer({
  kind = 'tokendesk',
  language,
  create = () => ok(created),
  onUnauthorized,
  identity,
}: {
  kind?: ServerKind;
  language?: Language;
  create?: () => Answer;
  onUnauthorized?: () => void;
  identity?: AdminIdentity;
} = {}) {
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/token/': () =>
      ok({ items: [], total: 0, total_capped: false, page: 1, page_size: 20 }),
    'POST /api/token/': () => create(),
  });
  const view = renderWithProviders(<ExplorerDrawer onClose={() => undefined} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'the-admin-key', kind },
    language,
    hooks: { onCall: activityLog.add, onUnauthorized },
    identity,
  });
  const tokenCalls = () =>
    server.calls.filter((call) => call.url.pathname.startsWith('/api/token'));
  return { ...view, server, tokenCalls };
}

/** Opens the explorer on one operation, as a person clicks it in the list. */
async function choose(name: string, options?: Parameters<typeof openExplorer>[0]) {
  const view = openExplorer(options);
  const drawer = await screen.findByRole('dialog', { name: 'API explorer' });
  const nav = within(drawer).getByRole('navigation', { name: 'Operations' });
  await view.user.click(within(nav).getByRole('button', { name: new RegExp(name) }));
  return { ...view, drawer };
}

describe('the API explorer', () => {
  it('lists the operations by resource, and links the reference page', async () => {
    openExplorer();
    const drawer = await screen.findByRole('dialog', { name: 'API explorer' });
    const nav = within(drawer).getByRole('navigation', { name: 'Operations' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Tokens', 'Models', 'Webhooks', 'Settings', 'Admin keys and audit', 'Service']);
    expect(
      within(nav).getByRole('button', { name: /POST\s*Create a token\s*\/api\/token\// }),
    ).toBeInTheDocument();
    expect(within(nav).getAllByRole('button')).toHaveLength(38);
    expect(within(nav).getByRole('link', { name: 'Open the reference page' })).toHaveAttribute(
      'href',
      'http://server.test/api/docs',
    );
  });

  it('fills the parameters from the schema and the example, and refuses a value out of bounds', async () => {
    const { user, tokenCalls, drawer } = await choose('List tokens');
    const size = within(drawer).getByRole('textbox', { name: 'size' });
    expect(size).toHaveValue('20');
    expect(size).toHaveAccessibleDescription(/From 1 to 100 · Default: 10/);
    expect(within(drawer).getByRole('textbox', { name: 'p' })).toHaveValue('1');
    expect(within(drawer).getByRole('combobox', { name: 'order' })).toHaveValue('-remain_quota');

    await user.clear(size);
    await user.type(size, '500');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(size).toHaveAccessibleDescription(/size must be a whole number from 1 to 100/);
    expect(within(drawer).getByRole('alert')).toHaveTextContent('Nothing was sent');
    expect(tokenCalls()).toEqual([]);
  });

  it('refuses a body the schema refuses, naming the field, and sends nothing', async () => {
    const { user, tokenCalls, drawer } = await choose('Create a token');
    const body = within(drawer).getByRole('textbox', { name: 'Body (JSON)' });
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toMatchObject({
      name: 'Production backend',
      remain_quota: 1000000,
    });
    const typed = '{"name": "Production backend", "remain_quota": "x"}';
    await user.clear(body);
    await user.click(body);
    await user.paste(typed);
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));

    expect(body).toHaveAccessibleDescription(/remain_quota must be a whole number/);
    expect(body).toHaveValue(typed);
    expect(tokenCalls()).toEqual([]);
  });

  it('says when the body is not JSON at all', async () => {
    const { user, tokenCalls, drawer } = await choose('Create a token');
    const body = within(drawer).getByRole('textbox', { name: 'Body (JSON)' });
    await user.clear(body);
    await user.click(body);
    await user.paste('{"name": ');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(body).toHaveAccessibleDescription(/The body is not valid JSON/);
    expect(tokenCalls()).toEqual([]);
  });

  it('sends the example, shows the answer, logs the call and refreshes the lists', async () => {
    const { user, server, queryClient, drawer } = await choose('Create a token');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));

    const answer = await within(drawer).findByRole('region', { name: 'Answer body' });
    expect(within(drawer).getByRole('status')).toHaveTextContent('HTTP 200');
    expect(JSON.parse(answer.textContent!)).toMatchObject({
      success: true,
      data: { name: 'Production backend', key: NEW_KEY },
    });
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Production backend',
      remain_quota: 1000000,
      expired_time: -1,
      unlimited_quota: false,
    });
    expect(activityLog.get().find((call) => call.method === 'POST')).toMatchObject({
      url: 'http://server.test/api/token/',
      status: 200,
      ok: true,
    });
    expect(invalidate).toHaveBeenCalled();

    const curl = within(drawer).getByRole('region', { name: 'curl command' });
    expect(curl).toHaveTextContent(
      `curl -sS -X POST 'http://server.test/api/token/' -H "Authorization: Bearer $ADMIN_KEY"`,
    );
    expect(curl).not.toHaveTextContent('the-admin-key');
    await user.click(within(drawer).getByRole('checkbox', { name: /Include the admin key/ }));
    expect(curl).toHaveTextContent(`-H 'Authorization: Bearer the-admin-key'`);
  });

  it('shows a refusal with its status, without refreshing anything', async () => {
    const { user, queryClient, drawer } = await choose('Create a token', {
      create: () => refused(400, 'name must be 1 to 50 characters'),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(drawer).getByRole('status')).toHaveTextContent('HTTP 400'));
    expect(within(drawer).getByRole('region', { name: 'Answer body' })).toHaveTextContent(
      'name must be 1 to 50 characters',
    );
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('shows a refused key as an answer, and the session goes on', async () => {
    const onUnauthorized = vi.fn();
    const { user, drawer } = await choose('Create a token', {
      create: () => refused(401, 'The admin key is missing or wrong.'),
      onUnauthorized,
    });
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(drawer).getByRole('status')).toHaveTextContent('HTTP 401'));
    expect(within(drawer).getByText(/You are still signed in/)).toBeInTheDocument();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('offers only the four shared operations on a gateway, and says why', async () => {
    openExplorer({ kind: 'one-api' });
    const drawer = await screen.findByRole('dialog', { name: 'API explorer' });
    const nav = within(drawer).getByRole('navigation', { name: 'Operations' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'GETList tokens/api/token/',
      'POSTCreate a token/api/token/',
      'PUTUpdate a token/api/token/',
      'DELETEDelete a token/api/token/{id}',
    ]);
    expect(
      within(drawer).getByText(/this service’s own routes, which one-api does not have/),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Open the reference page' })).toBeNull();
  });

  it('marks what the key’s role may not call, and sends nothing there', async () => {
    const { user, drawer, tokenCalls } = await choose('Create a token', {
      identity: { id: 3, name: 'Support desk', role: 'viewer' },
    });
    const send = within(drawer).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'This key’s role, Viewer, may not call this operation. May read tokens (keys masked), usage and the audit.',
    );
    await user.click(within(drawer).getByRole('button', { name: /List tokens/ }));
    expect(within(drawer).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(tokenCalls().filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('speaks Chinese, operation names included', async () => {
    openExplorer({ language: 'zh-CN' });
    const drawer = await screen.findByRole('dialog', { name: 'API 调试' });
    const nav = within(drawer).getByRole('navigation', { name: '操作' });
    expect(within(nav).getByRole('button', { name: /创建令牌/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: '发送' })).toBeInTheDocument();
  });
});
