// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminIdentity } from '../../../contract/admin-key';
import type { Webhook, WebhookHealth } from '../../../contract/webhook';
import { fakeServer, ok, SERVICE_STATUS } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { formatDateTime } from '../../../lib/time';
import SettingsDrawer from '../settings-drawer';

afterEach(() => vi.unstubAllGlobals());

const NOW = Math.floor(Date.now() / 1000);
const SECRET = `whsec_${'A'.repeat(32)}`;
const ROTATED = `whsec_${'B'.repeat(32)}`;
const quiet: WebhookHealth = {
  last_attempt_time: 0,
  last_status_code: null,
  last_error: null,
  failures_in_row: 0,
  failing_since: 0,
  switched_off_time: 0,
};
const endpoint = (id: number, fields: Partial<Webhook>): Webhook => ({
  id,
  url: `https://hooks.example.com/${id}`,
  events: ['*'],
  description: '',
  format: 'standard',
  enabled: true,
  secret: 'whsec_…AAAA',
  previous_secret_valid_until: null,
  created_time: NOW - 3_600,
  updated_time: NOW - 3_600,
  health: quiet,
  ...fields,
});
const billing = endpoint(1, {
  description: 'Billing',
  health: { ...quiet, last_attempt_time: NOW - 120, last_status_code: 200 },
});
const slack = endpoint(2, {
  format: 'slack',
  events: ['token.quota_low', 'token.exhausted'],
  health: {
    ...quiet,
    last_attempt_time: NOW - 60,
    last_error: 'connection refused',
    failures_in_row: 4,
    failing_since: NOW - 3_600,
  },
});
const archive = endpoint(3, {
  enabled: false,
  health: { ...quiet, switched_off_time: NOW - 86_400 },
});

function openSettings(identity?: AdminIdentity) {
  let hooks = [billing, slack, archive];
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/admin-key/': () => ok([]),
    'GET /api/webhook/': () => ok({ items: hooks }),
    'POST /api/webhook/': ({ body }) => {
      const created = endpoint(4, { ...(body as Partial<Webhook>), secret: SECRET });
      hooks = [...hooks, { ...created, secret: 'whsec_…AAAA' }];
      return ok(created);
    },
    'POST /api/webhook/1/rotate': () => {
      const rotated = { ...billing, secret: ROTATED, previous_secret_valid_until: NOW + 86_400 };
      hooks = hooks.map((hook) => (hook.id === 1 ? { ...rotated, secret: 'whsec_…BBBB' } : hook));
      return ok(rotated);
    },
  });
  const view = renderWithProviders(<SettingsDrawer onClose={() => undefined} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'the-admin-key', kind: 'tokendesk' },
    identity,
  });
  return { ...view, server };
}

const section = () => screen.findByRole('region', { name: 'Webhooks' });

describe('Settings → Webhooks', () => {
  it('lists each endpoint with its health: healthy, failing since when, switched off', async () => {
    openSettings();
    const list = await within(await section()).findByRole('list', {
      name: 'Webhook endpoints',
    });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Healthy');
    expect(first).toHaveTextContent('Last delivery 2 minutes ago · HTTP 200');
    expect(first).toHaveTextContent('All events');
    expect(second).toHaveTextContent('Failing');
    expect(second).toHaveTextContent(
      '4 failures in a row since 1 hour ago · last: connection refused',
    );
    expect(second).toHaveTextContent('Slack message');
    expect(second).toHaveTextContent('2 event types');
    expect(third).toHaveTextContent('Switched off by the service on');
  });

  it('adds an endpoint for the events ticked, telling what to fix first, and shows its secret once', async () => {
    const { user, server } = openSettings();
    await user.click(within(await section()).getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByLabelText(/URL/), 'ftp://hooks.example.com');
    await user.click(within(form).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByText(/Enter an http or https address/)).toBeInTheDocument();
    expect(within(form).getByText(/Tick at least one event/)).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.clear(within(form).getByLabelText(/URL/));
    await user.type(within(form).getByLabelText(/URL/), 'https://hooks.example.com/alerts');
    await user.click(within(form).getByRole('checkbox', { name: /Quota low/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(shown).getByTestId('new-key')).toHaveTextContent(SECRET);
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/alerts',
      description: '',
      format: 'standard',
      enabled: true,
      events: ['token.quota_low'],
    });
  });

  it('rotates a secret, saying until when the previous one keeps working, there and on its card', async () => {
    const { user } = openSettings();
    const region = await section();
    const until = formatDateTime(NOW + 86_400, 'en-US');
    await user.click(
      await within(region).findByRole('button', {
        name: 'Rotate the signing secret of https://hooks.example.com/1',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByTestId('new-key')).toHaveTextContent(ROTATED);
    expect(within(shown).getByRole('status')).toHaveTextContent(
      `The previous secret keeps working for 24 hours, until ${until}: each event is signed with both meanwhile.`,
    );
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const [first, second] = within(region).getAllByRole('listitem');
    await waitFor(() =>
      expect(first).toHaveTextContent(`Previous secret still works until ${until}`),
    );
    expect(second).not.toHaveTextContent('Previous secret');
  });

  it('lets a viewer read the endpoints and their logs, and change nothing', async () => {
    openSettings({ id: 5, name: 'Auditor', role: 'viewer' });
    const region = await section();
    await within(region).findByRole('list', { name: 'Webhook endpoints' });
    await waitFor(() =>
      expect(within(region).getAllByRole('button', { name: /^Delivery log of/ })).toHaveLength(3),
    );
    expect(within(region).queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(within(region).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /^Send a test event/ })).toBeNull();
  });
});
