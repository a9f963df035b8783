// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Token } from '../../contract/token';
import { fakeServer, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { RemainingCell } from './token-cells';
import { ListNow } from './token-list-view';

afterEach(() => vi.unstubAllGlobals());

function showRemaining(fields: Partial<Token>) {
  fakeServer({ 'GET /api/status': () => SERVICE_STATUS });
  return renderWithProviders(
    <ListNow value={1_800_000_000}>
      <RemainingCell token={sampleToken({ id: 1, name: 'Backend', ...fields })} />
    </ListNow>,
    { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
  );
}

describe('the bar under a token’s remaining quota', () => {
  it('fills with what is left, not with what was used', () => {
    showRemaining({ remain_quota: 750_000, used_quota: 250_000 });
    const bar = screen.getByRole('progressbar', { name: '75% of the quota left' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar.firstElementChild).toHaveStyle({ width: '75%' });
  });

  it('is empty once nothing is left, and absent where the quota has no limit', () => {
    const { unmount } = showRemaining({ remain_quota: 0, used_quota: 500 });
    expect(screen.getByRole('progressbar', { name: '0% of the quota left' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    unmount();
    showRemaining({ remain_quota: 0, used_quota: 500, unlimited_quota: true });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
