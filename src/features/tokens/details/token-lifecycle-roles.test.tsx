// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminIdentity } from '../../../contract/admin-key';
import { fakeServer, SERVICE_STATUS } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { sampleToken } from '../../../test-support/sample-token';
import { TokenLifecycle } from './token-facts';

afterEach(() => vi.unstubAllGlobals());

function showLifecycle(identity: AdminIdentity) {
  fakeServer({ 'GET /api/status': () => SERVICE_STATUS });
  renderWithProviders(
    <TokenLifecycle
      token={sampleToken({ id: 7, name: 'Support bot' })}
      now={1_700_000_000}
      onRotate={() => undefined}
      onEdit={() => undefined}
    />,
    {
      connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' },
      identity,
    },
  );
}

describe('a token’s refills, limit and key in the details', () => {
  it('offers an operator Edit but not Rotate', () => {
    showLifecycle({ id: 2, name: 'Support desk', role: 'operator' });
    expect(screen.getByRole('button', { name: 'Edit…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate key…' })).toBeNull();
  });

  it('offers a viewer neither', () => {
    showLifecycle({ id: 3, name: 'Finance', role: 'viewer' });
    expect(screen.getByText('Refills')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
