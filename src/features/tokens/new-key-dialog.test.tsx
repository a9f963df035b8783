// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { NewKeyDialog } from './new-key-dialog';

afterEach(() => vi.unstubAllGlobals());

const made = ['one', 'two', 'three'].map((n, i) =>
  sampleToken({ id: i + 1, name: `Batch ${n}`, key: `${n.toUpperCase()}`.padEnd(48, 'k') }),
);

describe('the keys of tokens created together', () => {
  it('offers each key its own Copy, beside Copy all', async () => {
    vi.stubGlobal('isSecureContext', true);
    // user-event stands in for the clipboard.
    const { user } = renderWithProviders(
      <NewKeyDialog
        created={{ tokens: made, withoutKeys: [], failures: [] }}
        onClose={() => undefined}
      />,
      { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
    );
    const dialog = await screen.findByRole('dialog', { name: '3 tokens created' });
    // This service keeps keys whole, and says where to copy them again.
    expect(
      within(dialog).getByText('Copy the keys now. Later, Copy key on each row copies it again.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy all' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Copy the key of Batch two' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`sk-${'TWO'.padEnd(48, 'k')}`),
    );
    expect(
      within(dialog).getByRole('button', { name: 'Copy the key of Batch two: Copied' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy the key of Batch one' })).toBeVisible();
  });

  it('says a key is shown this once where the server keeps only a hash of it', () => {
    renderWithProviders(
      <NewKeyDialog
        created={{ tokens: made.slice(0, 1), withoutKeys: [], failures: [] }}
        onClose={() => undefined}
      />,
      { connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'litellm' } },
    );
    expect(screen.getByText('Copy the key now. It will not be shown whole again.')).toBeVisible();
  });
});
