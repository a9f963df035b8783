import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

/** How large the header's icon buttons are: smaller on a phone. */
export type HeaderControlSize = 'md' | 'lg';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

/** A header button opening a menu of choices, the current one marked for eyes and readers. */
export function ChoiceMenu<T extends string>({
  label,
  icon,
  choices,
  current,
  onChoose,
  size,
}: {
  label: string;
  icon: ReactNode;
  choices: readonly Choice<T>[];
  current: T;
  onChoose: (value: T) => void;
  size: HeaderControlSize;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="default" size={size} aria-label={label}>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.value}
            lang={choice.lang}
            onClick={() => onChoose(choice.value)}
            aria-current={current === choice.value ? 'true' : undefined}
            fw={current === choice.value ? 700 : undefined}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
