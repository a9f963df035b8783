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
    );
    const dialog = await screen.findByRole('dialog', { name: '3 tokens created' });
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
});
