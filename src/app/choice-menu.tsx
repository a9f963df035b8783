import '../components/part-styles';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

export interface Choices<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  current: T;
  // A method: a part loaded on demand (lazyPart) takes its props without their type parameter.
  onChoose(value: T): void;
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

/** A header button's menu of choices: a part of its own (ControlFirst draws the button first). */
export default function ChoiceMenu<T extends string>({
  target,
  opened,
  ...choices
}: Choices<T> & { target: ReactElement; opened: boolean }) {
  return (
    <Menu position="bottom-end" defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <ChoiceItems {...choices} />
      </Menu.Dropdown>
    </Menu>
  );
}
