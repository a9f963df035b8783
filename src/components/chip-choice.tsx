import { Box, Chip, Group, Input, type BoxProps } from '@mantine/core';
import '@mantine/core/styles/Chip.css';
import type { ReactNode } from 'react';

/**
 * One of a few choices, as chips under a label. The chips are radios that share a name, so the
 * group is one stop for Tab and the arrow keys move the choice within it, as any radio group.
 */
export function ChipChoice<Value extends string>({
  name,
  label,
  value,
  onChange,
  choices,
  disabled = false,
  describedBy,
  children,
  ...box
}: {
  /** Unique on the page: it makes the radios one group. */
  name: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  choices: ReadonlyArray<{ value: Value; label: string }>;
  disabled?: boolean;
  describedBy?: string;
  /** Shown under the chips: what the choice means, or what is wrong with it. */
  children?: ReactNode;
} & BoxProps) {
  const labelId = `${name}-label`;
  return (
    <Box {...box}>
      {/* Worded and weighted as the label of any other field. */}
      <Input.Label labelElement="div" id={labelId} mb={6}>
        {label}
      </Input.Label>
      <Chip.Group value={value} onChange={(next) => onChange(next as Value)}>
        <Group gap={6} role="radiogroup" aria-labelledby={labelId} aria-describedby={describedBy}>
          {choices.map((choice) => (
            <Chip
              key={choice.value}
              name={name}
              value={choice.value}
              size="sm"
              variant="outline"
              disabled={disabled}
            >
              {choice.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {children}
    </Box>
  );
}
