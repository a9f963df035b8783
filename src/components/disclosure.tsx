import { Anchor, Box, Collapse, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A link-like button ("Advanced") that shows or hides the fields below it. */
export function Disclosure({
  id,
  label,
  opened,
  onToggle,
  children,
}: {
  /** Names the hidden part for the button's aria-controls. */
  id: string;
  label: string;
  opened: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Box>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={id}
      >
        {label}
      </Anchor>
      <Collapse expanded={opened} id={id}>
        <Stack gap="sm" mt="sm">
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}
