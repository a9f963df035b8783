// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatRefusal } from '../../../api/chat-refusal';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { RefusalAlert } from './refusal-alert';

const rateLimited = new ChatRefusal(
  'rate-limited',
  'Rate limit reached for this API key: 1 requests per minute. Try again in 12 s.',
  429,
  'rate_limit_exceeded',
  12,
);

describe('a refusal of Try it', () => {
  it('says what it means and when to retry, above what the client gets', () => {
    renderWithProviders(<RefusalAlert refusal={rateLimited} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Rate limited — retry in 12 s');
    expect(alert).toHaveTextContent(
      'The client gets HTTP 429 · rate_limit_exceeded: Rate limit reached for this API key',
    );
    // Waiting is what to do: there is nothing to edit.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to edit the token where an edit lifts it, and only to those who may', async () => {
    const quota = new ChatRefusal(
      'quota',
      'This API key has too little quota left for this request.',
      429,
      'insufficient_quota',
    );
    const onEdit = vi.fn();
    const { user, unmount } = renderWithProviders(<RefusalAlert refusal={quota} onEdit={onEdit} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Insufficient quota — add quota to this token',
    );
    await user.click(screen.getByRole('button', { name: 'Edit token…' }));
    expect(onEdit).toHaveBeenCalledOnce();
    unmount();

    renderWithProviders(<RefusalAlert refusal={quota} />);
    expect(screen.queryByRole('button', { name: 'Edit token…' })).toBeNull();
  });

  it('names a model the key may not use, in Chinese too', async () => {
    const model = new ChatRefusal('model', 'The model does not exist.', 404, 'model_not_found');
    renderWithProviders(<RefusalAlert refusal={model} />, { language: 'zh-CN' });
    // The catalogue is loaded on demand.
    expect(await screen.findByText(/此密钥不能使用该模型/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('客户端收到 HTTP 404 · model_not_found');
  });

  it('offers to reveal the key again when the server no longer takes it', async () => {
    const unknown = new ChatRefusal('key-unknown', 'Invalid API key.', 401, 'invalid_api_key');
    const onRevealAgain = vi.fn();
    const { user } = renderWithProviders(
      <RefusalAlert refusal={unknown} onEdit={vi.fn()} onRevealAgain={onRevealAgain} />,
    );
    expect(screen.queryByRole('button', { name: 'Edit token…' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reveal the key again' }));
    expect(onRevealAgain).toHaveBeenCalledOnce();
  });
});
