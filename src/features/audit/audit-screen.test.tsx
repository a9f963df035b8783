// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerKind } from '../../api/client';
import type { AdminIdentity } from '../../contract/admin-key';
import { fakeServer, ok, SERVICE_STATUS, type Call } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { auditPage, recordedToken, sampleRecord } from '../../test-support/sample-audit';
import { sampleToken } from '../../test-support/sample-token';
import AuditScreen from './audit-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const OPERATOR = { id: 4, name: 'Support desk', role: 'operator' } as const;
const raised = sampleRecord({
  id: 12,
  action: 'token.update',
  actor: OPERATOR,
  before: recordedToken({ remain_quota: 500_000 }),
  after: recordedToken({ remain_quota: 1_500_000 }),
});
const created = sampleRecord({ id: 11, action: 'token.create', after: recordedToken() });

/** The audit screen at `address`, its records answered by `answer`. */
function open(
  address: string,
  answer: (call: Call) => ReturnType<typeof auditPage>,
  { kind = 'tokendesk', identity }: { kind?: ServerKind; identity?: AdminIdentity } = {},
) {
  window.history.replaceState(null, '', address);
  const server = fakeServer({
    'GET /api/status': () => SERVICE_STATUS,
    'GET /api/audit/': (call) => ok(answer(call)),
    'GET /api/admin-key/': () =>
      ok([
        {
          id: 5,
          name: 'Night shift',
          role: 'viewer',
          key: 'abcd**wxyz',
          created_time: 1,
          last_used_time: 0,
        },
      ]),
    'GET /api/token/': () =>
      ok({
        items: [sampleToken({ id: 9, name: 'Batch job' })],
        total: 1,
        total_capped: false,
        page: 1,
        page_size: 10,
      }),
  });
  const view = renderWithProviders(<AuditScreen />, {
    connection: { baseUrl: 'http://server.test', adminKey: 'k', kind },
    identity,
  });
  const asked = () =>
    server.calls
      .filter((call) => call.url.pathname === '/api/audit/')
      .map((call) => call.url.searchParams);
  return { ...view, server, asked };
}

const addressParam = (name: string) => new URLSearchParams(window.location.search).get(name);

describe('the audit screen', () => {
  it('shows each record: when, who with their role, the action, the token and what changed', async () => {
    open('/?view=audit', () => auditPage([raised, created]));
    const table = await screen.findByRole('table', { name: 'Audit records' });
    await within(table).findByText('Support desk');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Support desk');
    expect(first).toHaveTextContent('Operator · from 10.0.0.5');
    expect(first).toHaveTextContent('Changed token');
    expect(within(first!).getByRole('link', { name: 'Support bot' })).toHaveAttribute(
      'href',
      '?details=7',
    );
    expect(first).toHaveTextContent('Quota: $1.00');
    expect(second).toHaveTextContent('ADMIN_KEY');
    expect(second).toHaveTextContent('Created token');
  });

  it('writes a change the server stamped a few seconds ahead of this clock as just now', async () => {
    // This browser's clock runs 20 seconds behind the server's.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(1_764_000_000_000) });
    try {
      const justMade = sampleRecord({ id: 13, action: 'token.reveal', time: 1_764_000_020 });
      const lastWeek = sampleRecord({ id: 14, action: 'token.reveal', time: 1_763_395_200 });
      open('/?view=audit', () => auditPage([justMade, lastWeek]));
      const table = await screen.findByRole('table', { name: 'Audit records' });
      await within(table).findAllByText('Revealed key');
      const [, first, second] = within(table).getAllByRole('row');
      expect(first).toHaveTextContent('just now');
      expect(first).not.toHaveTextContent(/in \d+ seconds/);
      expect(second).toHaveTextContent('7 days ago');
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks a deleted token and leads to its records, not to details that are gone', async () => {
    const deleted = sampleRecord({
      id: 13,
      action: 'token.delete',
      token_id: 42,
      token_deleted: true,
      before: recordedToken({ id: 42, name: 'Old backend' }),
    });
    const { asked, user } = open('/?view=audit', () => auditPage([deleted, raised]));
    const table = await screen.findByRole('table', { name: 'Audit records' });
    const link = await within(table).findByRole('link', { name: 'Old backend' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toContainElement(link);
    expect(link).toHaveAttribute('href', '?view=audit&token_id=42');
    expect(first).toHaveTextContent('Old backendDeleted');
    // A token still there opens its details, unmarked.
    expect(within(second!).getByRole('link', { name: 'Support bot' })).toHaveAttribute(
      'href',
      '?details=7',
    );
    expect(second).not.toHaveTextContent('Deleted');

    await user.click(link);
    expect(addressParam('token_id')).toBe('42');
    expect(addressParam('details')).toBeNull();
    await vi.waitFor(() => expect(asked().at(-1)?.get('token_id')).toBe('42'));
    // Shown its own records, the name leads nowhere else.
    await vi.waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Old backend' })).toBeNull(),
    );
    expect(within(table).getAllByText('Old backend')[0]).toBeVisible();
  });

  it('asks for the filters and page in the address, and keeps a chosen filter there', async () => {
    const { asked, user } = open('/?view=audit&token_id=7&action=token.update&audit_page=2', () =>
      auditPage([raised], { total: 21, page: 2 }),
    );
    await screen.findByRole('cell', { name: /Support desk/ });
    expect(Object.fromEntries(asked()[0]!)).toEqual({
      p: '2',
      size: '20',
      token_id: '7',
      action: 'token.update',
    });
    // The chosen token is named from its records.
    expect(screen.getByRole('combobox', { name: 'Token' })).toHaveValue('Support bot');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Revealed key');
    expect(addressParam('action')).toBe('token.reveal');
    expect(addressParam('audit_page')).toBeNull();
    expect(addressParam('token_id')).toBe('7');
    await vi.waitFor(() => expect(asked().at(-1)?.get('action')).toBe('token.reveal'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Support desk');
    expect(addressParam('actor')).toBe('4');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(window.location.search).toBe('?view=audit');
  });

  it('filters by a token found by name, or by an id typed', async () => {
    const { user } = open('/?view=audit', () => auditPage([created]));
    const token = await screen.findByRole('combobox', { name: 'Token' });
    await user.click(token);
    await user.click(await screen.findByRole('option', { name: 'Batch job' }));
    expect(addressParam('token_id')).toBe('9');

    await user.clear(token);
    await user.type(token, '31');
    await user.click(await screen.findByRole('option', { name: 'Token #31' }));
    expect(addressParam('token_id')).toBe('31');
  });

  it('offers every admin key as a person where this key may list them', async () => {
    const { server, unmount } = open('/?view=audit', () => auditPage([raised]));
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await within(person).findByRole('option', { name: 'Night shift' });
    expect(within(person).getByRole('option', { name: 'Support desk' })).toBeInTheDocument();
    expect(within(person).getByRole('option', { name: 'ADMIN_KEY' })).toBeInTheDocument();
    unmount();

    const asViewerServer = open('/?view=audit&actor=8', () => auditPage([]), {
      identity: { id: 8, name: 'Auditor', role: 'viewer' },
    });
    const asViewer = await screen.findByRole('combobox', { name: 'Person' });
    expect(within(asViewer).getByRole('option', { name: 'Admin key #8' })).toBeInTheDocument();
    expect(within(asViewer).queryByRole('option', { name: 'Night shift' })).toBeNull();
    const listed = (calls: Call[]) =>
      calls.filter((call) => call.url.pathname === '/api/admin-key/');
    expect(listed(server.calls)).toHaveLength(1);
    expect(listed(asViewerServer.server.calls)).toHaveLength(0);
  });

  it('pages by number while the total is exact', async () => {
    const records = Array.from({ length: 20 }, (_, index) =>
      sampleRecord({ id: 100 - index, action: 'token.reveal' }),
    );
    const { user, asked } = open('/?view=audit', (call) =>
      auditPage(records, { total: 45, page: Number(call.url.searchParams.get('p')) }),
    );
    await screen.findByText('1–20 of 45');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(addressParam('audit_page')).toBe('3');
    await vi.waitFor(() => expect(asked().at(-1)?.get('p')).toBe('3'));
  });

  it('pages with Previous and Next past the count’s cap', async () => {
    const records = Array.from({ length: 20 }, (_, index) =>
      sampleRecord({ id: 20_000 - index, action: 'token.reveal' }),
    );
    const { user } = open('/?view=audit', (call) =>
      auditPage(records, {
        total: 1_000,
        total_capped: true,
        page: Number(call.url.searchParams.get('p')),
      }),
    );
    await screen.findByText('1–20 of more than 1,000');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(addressParam('audit_page')).toBe('2');
    await screen.findByText('21–40 of more than 1,000');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const { user } = open('/?view=audit&action=token.rotate', () => auditPage([]));
    await screen.findByText('No records match these filters.');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(addressParam('action')).toBeNull();
  });

  it('on a gateway, says the audit is this service’s own and asks nothing', async () => {
    const { asked } = open('/?view=audit', () => auditPage([]), { kind: 'one-api' });
    expect(
      await screen.findByText('The audit is kept by Tokendesk’s own service; one-api keeps none.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(asked()).toEqual([]);
  });
});
