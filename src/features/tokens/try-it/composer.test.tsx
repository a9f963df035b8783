// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { Composer } from './composer';

function renderComposer({ ready = true, busy = false, refused = false } = {}) {
  const onSend = vi.fn(async (_text: string) => refused);
  const onStop = vi.fn();
  const view = renderWithProviders(
    <Composer ready={ready} busy={busy} onSend={onSend} onStop={onStop} />,
  );
  return { ...view, onSend, onStop, box: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('the box a message is typed in', () => {
  it('sends on Enter and empties itself; Shift+Enter starts a new line instead', async () => {
    const { user, box, onSend } = renderComposer();
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('first line\nsecond line');

    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('first line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('leaves Enter to an input method that is composing a character', async () => {
    const { user, box, onSend } = renderComposer();
    await user.type(box, 'ni');
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('ni');
  });

  it('gives a message refused before any answer back, to send again', async () => {
    const { user, box } = renderComposer({ refused: true });
    await user.type(box, 'one more{Enter}');
    await waitFor(() => expect(box).toHaveValue('one more'));
  });

  it('sends nothing empty, nor before a key and a model are there', async () => {
    const empty = renderComposer();
    await empty.user.type(empty.box, '   {Enter}');
    expect(empty.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    empty.unmount();

    const waiting = renderComposer({ ready: false });
    await waiting.user.type(waiting.box, 'hello{Enter}');
    expect(waiting.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('offers Stop while an answer comes, and sends nothing meanwhile', async () => {
    const { user, box, onSend, onStop } = renderComposer({ busy: true });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.type(box, 'next{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
  });
});
