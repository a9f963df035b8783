import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The top of a screen: its title (the page's one h1), what sits beside the title (a count, a
 * note while waiting), a line saying what the screen is for, and the screen's own buttons.
 */
export function ScreenHeader({
  title,
  beside,
  intro,
  actions,
  actionsBelow = false,
}: {
  title: string;
  beside?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  /** The buttons on a line of their own (a phone), so that what arrives beside the title moves nothing. */
  actionsBelow?: boolean;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <div style={{ width: actionsBelow ? '100%' : undefined }}>
        <Group gap="xs" align="baseline">
          <Title order={1} size="h2">
            {title}
          </Title>
          {beside}
        </Group>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
