import { Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure on a card, for a phone: its label small and dimmed above it, as a table's head. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Figures side by side on a card, sharing its width. */
export function CardFields({
  fields,
  mt,
}: {
  fields: ReadonlyArray<{ label: string; value: ReactNode }>;
  mt: MantineSpacing;
}) {
  return (
    <Group grow mt={mt} align="flex-start" gap="xs">
      {fields.map(({ label, value }) => (
        <CardField key={label} label={label}>
          {value}
        </CardField>
      ))}
    </Group>
  );
}
