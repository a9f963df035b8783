// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageFigures } from '../../contract/usage';
import { fakeServer, ok, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { UsagePanel } from './usage-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const HOUR = 3_600;
const figures = (fields: Partial<UsageFigures> = {}): UsageFigures => ({
  token_id: 5,
  bucket: 'day',
  from: 0,
  to: 3 * 86_400,
  series: [0, 1, 2].map((day) => ({
    time: day * 86_400,
    requests: day === 2 ? 4 : 0,
    quota: day === 2 ? 1_500_000 : 0,
    denied: day === 2 ? 2 : 0,
    prompt_tokens: day === 2 ? 12_000 : 0,
    completion_tokens: day === 2 ? 3_000 : 0,
  })),
  by_model: [
    {
      model: 'gpt-4o',
      requests: 4,
      quota: 1_000_000,
      prompt_tokens: 12_000,
      completion_tokens: 3_000,
    },
    { model: '', requests: 0, quota: 500_000, prompt_tokens: 0, completion_tokens: 0 },
  ],
  totals: {
    requests: 4,
    quota: 1_500_000,
    denied: 2,
    denied_by_code: { RATE_LIMITED: 2 },
    prompt_tokens: 12_000,
    completion_tokens: 3_000,
    unsettled: 0,
  },
  ...fields,
});
const service = { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } as const;

describe('the usage panel', () => {
  it('shows totals in USD and units, denied verifies by reason, and spending by model', async () => {
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      // Asked an hour into the third day: that day is still running.
      'GET /api/token/5/usage': () => ok(figures({ to: 2 * 86_400 + HOUR })),
    });
    const { user } = renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, {
      connection: service,
    });
    const models = await screen.findByRole('table', { name: 'By model' });
    expect(within(models).getAllByRole('row')[1]).toHaveTextContent(/gpt-4o\s*4\s*\$2\.00/);
    expect(within(models).getAllByRole('row')[2]).toHaveTextContent('(no model given)');
    expect(screen.getByText('$3.00')).toBeInTheDocument();
    expect(screen.getByText('1,500,000 units')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Denied by reason' })).toHaveTextContent(
      'Over the rate limit · 2',
    );
    // What the chart draws is read out as a sentence, and offered as a table.
    expect(
      screen.getByText(/Chart of 3 periods: \$3\.00 spent over 4 requests/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const periods = await screen.findByRole('table', { name: 'Usage by period' });
    expect(within(periods).getAllByRole('row')).toHaveLength(4);
    expect(within(periods).getAllByRole('row')[3]).toHaveTextContent(
      /^Jan 3 \(so far\)\s*4\s*\$3\.00.*2$/,
    );
    expect(within(periods).getAllByRole('row')[2]).toHaveTextContent(/^Jan 2\s*0/);
  });

  it('names the reasons for refusals in words, in Chinese too', async () => {
    const refused = figures({
      totals: {
        requests: 4,
        quota: 1_500_000,
        denied: 9,
        denied_by_code: { IP_NOT_ALLOWED: 2, RATE_LIMITED: 6, NOT_FOUND: 1 },
        prompt_tokens: 12_000,
        completion_tokens: 3_000,
        unsettled: 0,
      },
    });
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/token/5/usage': () => ok(refused),
    });
    renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, {
      connection: service,
      language: 'zh-CN',
    });
    const reasons = await screen.findByRole('list', { name: '按原因统计的拒绝' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['超出速率限制 · 6', '地址不允许 · 2', '未知密钥 · 1']);
    expect(reasons).not.toHaveTextContent(/[A-Z]{2,}_/);
  });

  it('asks for the range chosen, by the hour for a day, and keeps it in the address', async () => {
    const server = fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/usage': () => ok(figures({ token_id: undefined, top_tokens: [] })),
    });
    const { user } = renderWithProviders(<UsagePanel scope={null} />, { connection: service });
    await screen.findByRole('table', { name: 'By model' });
    await user.click(screen.getByText('24 hours'));
    await vi.waitFor(() =>
      expect(server.calls.at(-1)?.url.searchParams.get('bucket')).toBe('hour'),
    );
    const asked = server.calls.at(-1)!.url.searchParams;
    expect(Number(asked.get('to')) - Number(asked.get('from'))).toBeLessThanOrEqual(24 * HOUR);
    expect(Number(asked.get('from')) % HOUR).toBe(0);
    expect(new URLSearchParams(window.location.search).get('range')).toBe('24h');
  });

  it('says plainly when nothing happened in the range', async () => {
    const empty = figures({
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
    });
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/token/5/usage': () => ok(empty),
    });
    renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, { connection: service });
    expect(
      await screen.findByText('Nothing was spent or requested in this range.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'By model' })).toBeNull();
  });

  it('shows the tokens in and out by model, by period and in all, beside units and USD', async () => {
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/token/5/usage': () => ok(figures()),
    });
    const { user } = renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, {
      connection: service,
    });
    const models = await screen.findByRole('table', { name: 'By model' });
    expect(
      within(models)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Model', 'Requests', 'Spent', 'Input tokens', 'Output tokens']);
    expect(within(models).getAllByRole('row')[1]).toHaveTextContent(
      /gpt-4o\s*4\s*\$2\.00.*12,000\s*3,000$/,
    );
    expect(screen.getByText('15,000')).toBeInTheDocument();
    expect(screen.getByText('12,000 in · 3,000 out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const periods = await screen.findByRole('table', { name: 'Usage by period' });
    expect(within(periods).getAllByRole('row')[3]).toHaveTextContent(/12,000\s*3,000\s*2$/);
    // Every request was settled: nothing to warn of.
    expect(screen.queryByText(/never settled/)).toBeNull();
  });

  it('says how many requests were never settled, charged as held', async () => {
    const unsettled = figures();
    unsettled.totals.unsettled = 3;
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/token/5/usage': () => ok(unsettled),
    });
    renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, { connection: service });
    expect(
      await screen.findByText(/^Requests never settled, charged as held: 3\./),
    ).toBeInTheDocument();
  });

  it('lets the chart show cost, requests or tokens, and keeps the choice in the address', async () => {
    fakeServer({
      'GET /api/status': () => SERVICE_STATUS,
      'GET /api/token/5/usage': () => ok(figures()),
    });
    const { user } = renderWithProviders(<UsagePanel scope={{ id: 5, name: 'bot' }} />, {
      connection: service,
    });
    const shows = await screen.findByRole('radiogroup', { name: 'The chart shows' });
    expect(within(shows).getByRole('radio', { name: 'Cost' })).toBeChecked();
    await user.click(within(shows).getByText('Tokens'));
    expect(within(shows).getByRole('radio', { name: 'Tokens' })).toBeChecked();
    expect(new URLSearchParams(window.location.search).get('chart')).toBe('tokens');
    await user.click(within(shows).getByText('Cost'));
    expect(new URLSearchParams(window.location.search).has('chart')).toBe(false);
  });
});
