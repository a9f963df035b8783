// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsAfterPaint } from './notifications-after-paint';

describe('NotificationsAfterPaint', () => {
  afterEach(() => notifications.clean());

  it('shows a note raised before its container arrived, once it has', async () => {
    render(
      <MantineProvider>
        <NotificationsAfterPaint />
      </MantineProvider>,
    );
    notifications.show({ message: 'Quota saved', autoClose: false });
    expect(screen.queryByText('Quota saved')).toBeNull();
    expect(await screen.findByText('Quota saved')).toBeVisible();
  });
});
