import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

interface Choices<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  current: T;
  onChoose: (value: T) => void;
}

/** The choices under their heading, in an open menu, the current one marked for eyes and readers. */
export function ChoiceItems<T extends string>({ label, choices, current, onChoose }: Choices<T>) {
  return (
    <>
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
    </>
  );
}

/** A header button opening a menu of choices. */
export function ChoiceMenu<T extends string>({
  icon,
  ...choices
}: Choices<T> & { icon: ReactNode }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={choices.label}>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ChoiceItems {...choices} />
      </Menu.Dropdown>
    </Menu>
  );
}
