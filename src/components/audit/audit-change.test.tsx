// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../contract/audit';
import { fakeServer, ok } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { recordedToken, sampleRecord } from '../../test-support/sample-audit';
import { AuditChange } from './audit-change';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Rendered for a server whose ratio is `quotaPerUnit` units to the dollar. */
async function shown(record: AuditRecord, quotaPerUnit = 500_000) {
  const server = fakeServer({
    'GET /api/status': () =>
      ok({ version: '1', quota_per_unit: quotaPerUnit, display_in_currency: true }),
  });
  const view = renderWithProviders(<AuditChange record={record} />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' },
  });
  await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
  return view;
}

const list = () => screen.getByRole('list');

describe('a change in the audit, in words', () => {
  it('shows each field that differs as before → after, quotas in USD through the ratio', async () => {
    const before = recordedToken({ remain_quota: 1_000_000, expired_time: -1 });
    const after = { ...before, remain_quota: 2_500_000, expired_time: 1_767_225_600 };
    await shown(sampleRecord({ id: 1, action: 'token.update', before, after }), 1_000_000);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    await vi.waitFor(() =>
      expect(items[0]).toHaveTextContent(
        'Quota: $1.00 (1,000,000 units) → changed to $2.50 (2,500,000 units)',
      ),
    );
    expect(items[1]).toHaveTextContent(/^Expires: Never → changed to .*2026/);
    expect(list()).not.toHaveTextContent('Name');
  });

  it('follows the person’s choice of USD alone', async () => {
    localStorage.setItem('tokendesk.quota-display', 'usd');
    const before = recordedToken({ quota_reset_period: 'none', quota_reset_amount: 0 });
    const after = {
      ...before,
      quota_reset_period: 'daily' as const,
      quota_reset_amount: 1_000_000,
    };
    await shown(sampleRecord({ id: 1, action: 'token.update', before, after }));
    expect(list()).toHaveTextContent('Refills: Never → changed to Daily');
    // Set, not changed from the $0.00 a token without refills holds.
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent(/^Refill to: \$2\.00$/);
  });

  it('leaves out the refill amount once refills stop: “Never” says it', async () => {
    const before = recordedToken({ quota_reset_period: 'weekly', quota_reset_amount: 1_000_000 });
    const after = { ...before, quota_reset_period: 'none' as const, quota_reset_amount: 0 };
    await shown(sampleRecord({ id: 1, action: 'token.update', before, after }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(list()).toHaveTextContent('Refills: Weekly (Mondays) → changed to Never');
  });

  it('names the states and limits as the details do', async () => {
    const before = recordedToken({
      status: 1,
      rpm_limit: 0,
      models: 'gpt-4o',
      unlimited_quota: false,
    });
    const after = {
      ...before,
      status: 2 as const,
      rpm_limit: 60,
      models: '',
      unlimited_quota: true,
    };
    await shown(sampleRecord({ id: 1, action: 'token.update', before, after }));
    expect(list()).toHaveTextContent('Status: Enabled → changed to Disabled');
    expect(list()).toHaveTextContent('Unlimited quota: No → changed to Yes');
    expect(list()).toHaveTextContent(
      'Requests per minute: No limit → changed to 60 requests per minute',
    );
    expect(list()).toHaveTextContent('Allowed models: gpt-4o → changed to Any model');
  });

  it('lists what a new token was given, and what a deleted one was', async () => {
    const token = recordedToken({ remain_quota: 500_000 });
    const { unmount } = await shown(sampleRecord({ id: 1, action: 'token.create', after: token }));
    expect(list()).toHaveTextContent('Name: Support bot');
    expect(list()).toHaveTextContent('Quota: $1.00');
    expect(list()).toHaveTextContent('Expires: Never');
    expect(list()).not.toHaveTextContent('→');
    unmount();
    await shown(
      sampleRecord({ id: 2, action: 'token.delete', before: { ...token, used_quota: 250_000 } }),
    );
    expect(list()).toHaveTextContent('Status: Enabled');
    expect(list()).toHaveTextContent('Used: $0.50');
  });

  it('says a key was revealed, and when an edit changed nothing', async () => {
    const token = recordedToken();
    const { unmount } = await shown(
      sampleRecord({ id: 1, action: 'token.reveal', before: token, after: token }),
    );
    expect(screen.getByText('Key revealed')).toBeInTheDocument();
    unmount();
    await shown(sampleRecord({ id: 2, action: 'token.update', before: token, after: token }));
    expect(screen.getByText('No field changed')).toBeInTheDocument();
  });

  it('reads options and admin keys in words', async () => {
    const { unmount } = await shown(
      sampleRecord({
        id: 1,
        action: 'option.update',
        token_id: null,
        before: { key: 'QuotaPerUnit', value: '500000' },
        after: { key: 'QuotaPerUnit', value: '1000000' },
      }),
    );
    expect(list()).toHaveTextContent('Quota units per USD: 500,000 → changed to 1,000,000');
    unmount();
    await shown(
      sampleRecord({
        id: 2,
        action: 'admin_key.delete',
        token_id: null,
        before: { id: 3, name: 'Support desk', role: 'operator', key: 'abcd**wxyz' },
      }),
    );
    expect(list()).toHaveTextContent('Name: Support desk');
    expect(list()).toHaveTextContent('Role: Operator');
  });

  it('says how long the old key of a rotation kept working, or that it stopped at once', async () => {
    const time = 1_764_000_000;
    const before = recordedToken({ key: 'abcd**********wxyz', previous_key_valid_until: null });
    const after = { ...before, key: 'NNNN**********NNNN', previous_key_valid_until: time + 3600 };
    const { unmount } = await shown(
      sampleRecord({ id: 1, action: 'token.rotate', time, before, after }),
    );
    expect(list()).toHaveTextContent(
      'Key: sk-abcd**********wxyz → changed to sk-NNNN**********NNNN',
    );
    expect(list()).toHaveTextContent(/Old key: valid 1 hour longer, until .*2025/);
    unmount();
    await shown(
      sampleRecord({
        id: 2,
        action: 'token.rotate',
        time,
        before,
        after: { ...after, previous_key_valid_until: null },
      }),
    );
    expect(list()).toHaveTextContent('Old key: stopped working at once');
  });
});
