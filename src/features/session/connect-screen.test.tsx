// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import {
  fakeServer,
  ok,
  refused,
  SERVICE_STATUS,
  unreachableServer,
} from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ConnectScreen } from './connect-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.end('logout');
});

const adminKey = () => screen.getByLabelText('Admin key');
const connect = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Connect' }));

async function typeKey(user: UserEvent, key: string) {
  await user.click(await screen.findByLabelText('Admin key'));
  await user.paste(key);
}

describe('the connect screen', () => {
  it('asks for the key and a numeric user ID before calling anyone', async () => {
    const server = fakeServer({});
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await screen.findByLabelText('Admin key');
    await user.click(screen.getByRole('button', { name: 'Advanced' }));
    await user.type(screen.getByLabelText('User ID (new-api)'), 'me');
    await connect(user);

    await waitFor(() => expect(adminKey()).toHaveAccessibleDescription('Enter the admin key.'));
    expect(screen.getByLabelText('User ID (new-api)')).toHaveAccessibleDescription(
      expect.stringContaining('The user ID is a number, such as 1.'),
    );
    expect(server.calls).toEqual([]);
  });

  it('shows a refused key under the key, keeping what was typed', async () => {
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/admin-key/self': () => refused(401, 'Invalid admin key'),
    });
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await typeKey(user, 'wrong-key');
    await connect(user);

    await waitFor(() => expect(adminKey()).toHaveAccessibleDescription('Invalid admin key'));
    expect(adminKey()).toHaveValue('wrong-key');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStore.get().connection).toBeNull();
  });

  it('opens Advanced and says so when the server cannot be reached', async () => {
    unreachableServer();
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await typeKey(user, 'a-key');
    await connect(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server at localhost:3000',
    );
    expect(screen.getByRole('button', { name: 'Advanced' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(adminKey()).not.toHaveAccessibleDescription();
  });

  it('starts the session once the server takes the key, with what it was told', async () => {
    const server = fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/admin-key/self': () => ok({ id: 3, name: 'Support desk', role: 'viewer' }),
    });
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await typeKey(user, '  the-key  ');
    await connect(user);

    await waitFor(() =>
      expect(sessionStore.get().connection).toEqual({
        baseUrl: 'http://localhost:3000',
        adminKey: 'the-key',
        kind: 'tokendesk',
      }),
    );
    // Who the key is proves it; the first screen is given the answers rather than asking again.
    expect(server.calls.map((call) => call.url.pathname)).toEqual([
      '/api/status',
      '/api/admin-key/self',
    ]);
    expect(sessionStore.get()).toMatchObject({
      identity: { id: 3, name: 'Support desk', role: 'viewer' },
      status: { version: '1.0.0', quota_per_unit: 500_000, display_in_currency: true },
    });
  });

  it('connects to a LiteLLM chosen under Advanced with its master key, detecting nothing', async () => {
    const server = fakeServer({
      'GET /key/list': () => ({ status: 200, body: { keys: ['hash'], total_count: 1 } }),
    });
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await typeKey(user, 'sk-master');
    await user.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(screen.getByLabelText('Server kind')).toHaveAccessibleDescription(
      /for LiteLLM its master key/,
    );
    await user.selectOptions(screen.getByLabelText('Server kind'), 'LiteLLM');
    await connect(user);
    await waitFor(() =>
      expect(sessionStore.get().connection).toMatchObject({
        adminKey: 'sk-master',
        kind: 'litellm',
      }),
    );
    // Listing one key proves the key; LiteLLM's answer is not wrapped in an envelope.
    expect(server.calls.map((call) => call.url.pathname)).toEqual(['/key/list']);
    expect(sessionStore.get().identity).toMatchObject({ role: 'owner', name: 'LiteLLM' });
  });

  it('refuses a gateway key, saying what it is for, and keeps it in the field', async () => {
    const server = fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/admin-key/self': () => ok({ id: 4, name: 'Edge gateway', role: 'gateway' }),
    });
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />);
    await typeKey(user, 'gateway-key');
    await connect(user);

    await waitFor(() =>
      expect(adminKey()).toHaveAccessibleDescription(
        'This is a gateway key: it can verify keys and report usage, not use the dashboard. Connect with an owner, operator or viewer key.',
      ),
    );
    expect(adminKey()).toHaveValue('gateway-key');
    expect(sessionStore.get().connection).toBeNull();
    expect(server.calls.map((call) => call.url.pathname)).not.toContain('/api/token/');
  });

  it('says a key was refused mid-session, as a revoked one is', () => {
    renderWithProviders(<ConnectScreen endedBecause="rejected" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server refused this admin key: it may have been revoked. Connect with another key.',
    );
  });

  it('speaks Chinese to a Chinese reader', async () => {
    fakeServer({});
    const { user } = renderWithProviders(<ConnectScreen endedBecause={null} />, {
      language: 'zh-CN',
    });
    await user.click(await screen.findByRole('button', { name: '连接' }));
    expect(await screen.findByText('请输入管理员密钥。')).toBeVisible();
  });
});
