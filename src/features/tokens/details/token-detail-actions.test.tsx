// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminIdentity } from '../../../contract/admin-key';
import { TokenStatus } from '../../../contract/token';
import { fakeServer, SERVICE_STATUS } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { sampleToken } from '../../../test-support/sample-token';
import { TokenDetailActions } from './token-detail-actions';

afterEach(() => vi.unstubAllGlobals());

const token = sampleToken({ id: 7, name: 'Support bot' });

function showActions(identity: AdminIdentity, shown = token) {
  fakeServer({ 'GET /api/status': () => SERVICE_STATUS });
  const handlers = { onEdit: vi.fn(), onToggle: vi.fn(), onCopyKey: vi.fn(), onDelete: vi.fn() };
  const onRotate = vi.fn();
  const view = renderWithProviders(
    <TokenDetailActions token={shown} handlers={handlers} onRotate={onRotate} />,
    {
      connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' },
      identity,
    },
  );
  const names = () => screen.queryAllByRole('button').map((button) => button.textContent ?? '');
  return { ...view, handlers, onRotate, names };
}

describe('what the details offer to do to a token', () => {
  it('offers an owner every row action and Rotate, each doing what the row does', async () => {
    const { user, handlers, onRotate, names } = showActions({
      id: 0,
      name: 'ADMIN_KEY',
      role: 'owner',
    });
    const group = screen.getByRole('group', { name: 'Actions for Support bot' });
    expect(names()).toEqual(['Edit…', 'Disable', 'Copy key', 'Rotate key…', 'Delete…']);
    await user.click(within(group).getByRole('button', { name: 'Disable' }));
    expect(handlers.onToggle).toHaveBeenCalledWith(token);
    await user.click(within(group).getByRole('button', { name: 'Copy key' }));
    expect(handlers.onCopyKey).toHaveBeenCalledWith(token);
    await user.click(within(group).getByRole('button', { name: 'Delete…' }));
    expect(handlers.onDelete).toHaveBeenCalledWith(token);
    await user.click(within(group).getByRole('button', { name: 'Rotate key…' }));
    expect(onRotate).toHaveBeenCalled();
  });

  it('offers Enable for a disabled token', () => {
    const { names } = showActions(
      { id: 0, name: 'ADMIN_KEY', role: 'owner' },
      sampleToken({ id: 7, name: 'Support bot', status: TokenStatus.disabled }),
    );
    expect(names()).toContain('Enable');
  });

  it('offers an operator only Edit and the switch, as the row does', () => {
    const { names } = showActions({ id: 2, name: 'Support desk', role: 'operator' });
    expect(names()).toEqual(['Edit…', 'Disable']);
  });

  it('offers a viewer nothing', () => {
    showActions({ id: 3, name: 'Finance', role: 'viewer' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
