// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../../api/client';
import { TokenStatus } from '../../../contract/token';
import type { UsageFigures } from '../../../contract/usage';
import { fakeServer, ok, refused, SERVICE_STATUS } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { auditPage, recordedToken, sampleRecord } from '../../../test-support/sample-audit';
import { sampleToken } from '../../../test-support/sample-token';
import TokenDetailsDrawer from './token-details-drawer';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const NOW = Math.floor(Date.now() / 1000);
const token = sampleToken({
  id: 7,
  name: 'Support bot',
  remain_quota: 0,
  used_quota: 2_500_000,
  status: TokenStatus.exhausted,
  quota_reset_period: 'daily',
  quota_reset_amount: 2_500_000,
  // A minute past the hour, so that it still reads "in 1 hour" on a slow run.
  next_reset_time: NOW + 3_660,
  rpm_limit: 60,
});
const emptyUsage: UsageFigures = {
  token_id: 7,
  bucket: 'day',
  from: 0,
  to: 1,
  series: [],
  by_model: [],
  totals: {
    requests: 0,
    quota: 0,
    denied: 0,
    denied_by_code: {},
    prompt_tokens: 0,
    completion_tokens: 0,
    unsettled: 0,
  },
};
const GATEWAY_STATUS = ok({ version: 'v0.6', system_name: 'One API', quota_per_unit: 500_000 });

function open(routes: Parameters<typeof fakeServer>[0], kind: ServerKind = 'tokendesk') {
  const server = fakeServer({
    'GET /api/status': () => (kind === 'tokendesk' ? SERVICE_STATUS : GATEWAY_STATUS),
    'GET /api/audit/': () => ok(auditPage([])),
    ...routes,
  });
  const closed = vi.fn();
  const view = renderWithProviders(<TokenDetailsDrawer id={7} onClose={closed} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'k', kind },
  });
  return { ...view, server, closed };
}

describe('the token details drawer', () => {
  it('names the token, says why it is exhausted, and shows its refill and rate limit', async () => {
    open({
      'GET /api/token/7': () => ok(token),
      'GET /api/token/7/usage': () => ok(emptyUsage),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    expect(drawer).toHaveTextContent('No quota left: add quota, or make it refill.');
    expect(drawer).toHaveTextContent('Daily');
    expect(drawer).toHaveTextContent('60 requests per minute');
    expect(drawer).toHaveTextContent('in 1 hour');
    expect(
      await within(drawer).findByText('Nothing was spent or requested in this range.'),
    ).toBeVisible();
  });

  it('tells no next refill to an expired token, and marks a refill unused while unlimited', async () => {
    const expired = { ...token, status: TokenStatus.expired, expired_time: NOW - 60 };
    const { unmount } = open({
      'GET /api/token/7': () => ok(expired),
      'GET /api/token/7/usage': () => ok(emptyUsage),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    expect(drawer).toHaveTextContent('Next resetNone: the token has expired.');
    expect(drawer).not.toHaveTextContent('in 1 hour');
    unmount();
    open({
      'GET /api/token/7': () =>
        ok({ ...token, status: TokenStatus.enabled, unlimited_quota: true }),
      'GET /api/token/7/usage': () => ok(emptyUsage),
    });
    const unlimited = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    expect(unlimited).toHaveTextContent('Not used while the quota is unlimited.');
    expect(unlimited).toHaveTextContent('Next reset—');
  });

  it('says plainly when the token is gone', async () => {
    open({ 'GET /api/token/7': () => refused(404, 'token not found') });
    expect(
      await screen.findByText('There is no token with id 7. It may have been deleted.'),
    ).toBeVisible();
  });

  it('rotates with the grace chosen and shows the new key once', async () => {
    const { user, server } = open({
      'GET /api/token/7': () => ok(token),
      'GET /api/token/7/usage': () => ok(emptyUsage),
      'POST /api/token/7/rotate': ({ body }) =>
        ok({
          key: 'N'.repeat(48),
          token: { ...token, key: 'NNNN**********NNNN' },
          previous_key_valid_until: NOW + (body as { grace_seconds: number }).grace_seconds,
        }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    await user.click(within(drawer).getByRole('button', { name: 'Rotate key…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the key of Support bot' });
    await user.click(within(dialog).getByRole('radio', { name: 'No: stop it now' }));
    expect(dialog).toHaveTextContent('The old key stops working at once');
    await user.click(within(dialog).getByRole('radio', { name: 'For 1 hour' }));
    expect(dialog).toHaveTextContent('The old key keeps working until');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));

    expect(await within(dialog).findByTestId('new-key')).toHaveTextContent(`sk-${'N'.repeat(48)}`);
    expect(dialog).toHaveTextContent('The old key works until');
    const rotate = server.calls.find((call) => call.url.pathname === '/api/token/7/rotate');
    expect(rotate?.body).toEqual({ grace_seconds: 3_600 });
  });

  it('says until when the old key still works after a rotation with grace, and its history too', async () => {
    const rotatedAt = NOW - 600;
    const rotated = { ...token, previous_key_valid_until: rotatedAt + 3_600 };
    open({
      'GET /api/token/7': () => ok(rotated),
      'GET /api/token/7/usage': () => ok(emptyUsage),
      'GET /api/audit/': () =>
        ok(
          auditPage([
            sampleRecord({
              id: 9,
              action: 'token.rotate',
              time: rotatedAt,
              before: recordedToken(),
              after: recordedToken({
                key: 'NNNN**********NNNN',
                previous_key_valid_until: rotatedAt + 3_600,
              }),
            }),
          ]),
        ),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    expect(drawer).toHaveTextContent(/The old key works until .* \(in 50 minutes\)\./);
    const history = within(drawer).getByRole('region', { name: 'History' });
    await vi.waitFor(() =>
      expect(within(history).getByRole('article')).toHaveTextContent(
        /Old key: valid 1 hour longer, until/,
      ),
    );
  });

  it('shows the token’s history newest first, more on asking, and links to all of it', async () => {
    const records = Array.from({ length: 7 }, (_, index) =>
      sampleRecord({
        id: 70 - index,
        action: 'token.update',
        before: recordedToken({ rpm_limit: 10 * (7 - index) }),
        after: recordedToken({ rpm_limit: 10 * (8 - index) }),
      }),
    );
    const { server, user } = open({
      'GET /api/token/7': () => ok(token),
      'GET /api/token/7/usage': () => ok(emptyUsage),
      'GET /api/audit/': ({ url }) => {
        const p = Number(url.searchParams.get('p'));
        return ok(
          auditPage(records.slice((p - 1) * 5, p * 5), { total: 7, page: p, page_size: 5 }),
        );
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    const history = within(drawer).getByRole('region', { name: 'History' });
    await vi.waitFor(() => expect(within(history).getAllByRole('article')).toHaveLength(5));
    expect(within(history).getAllByRole('article')[0]).toHaveTextContent(
      'Requests per minute: 70 requests per minute → changed to 80 requests per minute',
    );
    const asked = server.calls.find((call) => call.url.pathname === '/api/audit/')!.url;
    expect(asked.searchParams.get('token_id')).toBe('7');

    await user.click(within(history).getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(history).getAllByRole('article')).toHaveLength(7));
    expect(within(history).queryByRole('button', { name: 'Show more' })).toBeNull();

    const all = within(history).getByRole('link', { name: 'Show all in the audit' });
    expect(all).toHaveAttribute('href', '?view=audit&token_id=7');
    await user.click(all);
    expect(window.location.search).toBe('?view=audit&token_id=7');
  });

  it('says when nothing was recorded for the token', async () => {
    open({
      'GET /api/token/7': () => ok(token),
      'GET /api/token/7/usage': () => ok(emptyUsage),
    });
    expect(await screen.findByText('No change to this token has been recorded.')).toBeVisible();
  });

  it('on a gateway, keeps rotation off and says why', async () => {
    open(
      {
        'GET /api/token/7': () => ok({ ...token, models: '', subnet: '' }),
        'GET /api/log/self': () => ok([]),
      },
      'one-api',
    );
    const drawer = await screen.findByRole('dialog', { name: 'Token: Support bot' });
    const rotate = within(drawer).getByRole('button', { name: 'Rotate key…' });
    expect(rotate).toBeDisabled();
    expect(rotate).toHaveAccessibleDescription(
      'one-api and new-api have no refills, rate limits per token or key rotation.',
    );
    await waitFor(() => expect(drawer).toHaveTextContent('Summed from 0 consumption logs'));
    expect(within(drawer).getByRole('region', { name: 'History' })).toHaveTextContent(
      'The audit is kept by Tokendesk’s own service; one-api keeps none.',
    );
  });
});
