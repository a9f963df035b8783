// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminIdentity } from '../contract/admin-key';
import { fakeServer, ok } from '../test-support/fake-server';
import { renderWithProviders } from '../test-support/render-with-providers';
import { SessionAccess, useAccess } from './access';

afterEach(() => vi.unstubAllGlobals());

const operator: AdminIdentity = { id: 4, name: 'Support desk', role: 'operator' };

/** A screen that says what the session's key may do. */
function Screen() {
  const { identity, may } = useAccess();
  return (
    <p>
      {identity?.name} may delete: {String(may('tokens.delete'))}, may update:{' '}
      {String(may('tokens.update'))}
    </p>
  );
}

function open(known: AdminIdentity | null, answer: () => Promise<AdminIdentity>) {
  const server = fakeServer({ 'GET /api/admin-key/self': async () => ok(await answer()) });
  renderWithProviders(
    <SessionAccess known={known}>
      <Screen />
    </SessionAccess>,
    { connection: { baseUrl: 'http://server.test', adminKey: 'a-key', kind: 'tokendesk' } },
  );
  return server;
}

describe('the session’s access', () => {
  it('shows the screens only once the server has said who the key is', async () => {
    let answer: (identity: AdminIdentity) => void = () => undefined;
    open(null, () => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText(/may delete/)).not.toBeInTheDocument();
    answer(operator);
    expect(
      await screen.findByText('Support desk may delete: false, may update: true'),
    ).toBeInTheDocument();
  });

  it('shows them at once with what the connect step was told, without asking again', async () => {
    const server = open(operator, async () => ({ ...operator, name: 'asked again' }));
    expect(
      screen.getByText('Support desk may delete: false, may update: true'),
    ).toBeInTheDocument();
    expect(server.calls.filter((call) => call.url.pathname === '/api/admin-key/self')).toEqual([]);
  });
});
