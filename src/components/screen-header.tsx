import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './screen-header.module.css';

/**
 * The top of a screen: its title (the page's one h1), what sits beside the title (a count, a
 * note while waiting), a line saying what the screen is for, what the screen adds between the
 * title and its buttons, and the buttons.
 */
export function ScreenHeader({
  title,
  beside,
  intro,
  middle,
  actions,
  stacked = false,
}: {
  title: string;
  beside?: ReactNode;
  intro?: ReactNode;
  middle?: ReactNode;
  actions?: ReactNode;
  /** Each part on a line of its own (a phone), so that what arrives beside the title moves nothing. */
  stacked?: boolean;
}) {
  return (
    <div className={classes.header} data-stacked={stacked || undefined}>
      <div className={classes.title}>
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
      {middle && <div className={classes.middle}>{middle}</div>}
      {actions && (
        <Group gap="xs" className={classes.actions}>
          {actions}
        </Group>
      )}
    </div>
  );
}
