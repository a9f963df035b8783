// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../components/i18n';
import { NotificationsAfterPaint } from './notifications-after-paint';

// The server has gone away: the container's file cannot be fetched.
vi.mock('./placed-notifications', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function renderNotes() {
  render(
    <MantineProvider>
      <I18nProvider>
        <NotificationsAfterPaint />
      </I18nProvider>
    </MantineProvider>,
  );
}

describe('notes while the container cannot be fetched', () => {
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('shows a failure with its title and message until it is closed', async () => {
    renderNotes();
    notifications.show({
      title: 'Couldn’t disable “Prod backend”',
      message: 'Cannot reach the server at 127.0.0.1:8080.',
      color: 'red',
      autoClose: false,
    });
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent('Couldn’t disable “Prod backend”');
    expect(note).toHaveTextContent('Cannot reach the server at 127.0.0.1:8080.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes a timed note on its own time, and shows two at a time', async () => {
    renderNotes();
    notifications.show({ message: 'First failure', color: 'red', autoClose: false });
    notifications.show({ message: 'Second failure', color: 'red', autoClose: false });
    notifications.show({ message: 'Third failure', color: 'red', autoClose: false });
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.queryByText('Third failure')).toBeNull();
    notifications.clean();

    vi.useFakeTimers();
    act(() => void notifications.show({ message: 'Settings saved', autoClose: 5_000 }));
    expect(screen.getByText('Settings saved')).toBeVisible();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Settings saved')).toBeVisible();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Settings saved')).toBeNull();
  });
});
