import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import hint from './hint.module.css';

export interface RowAction<T> {
  /** Stays the same when the label changes, as a switch's does, so the button keeps focus. */
  id: string;
  label: string;
  icon: ReactNode;
  color: string;
  run: (item: T) => void;
  /** Why the action is off, shown as its hint in place of its label; absent or null: on. */
  off?: string | null;
}

/**
 * A row's actions as icon buttons: each one's label is its accessible name and the hint shown on
 * hover, to its left, so the hint never runs off the row's end.
 */
export function RowActionIcons<T>({
  item,
  actions,
  size,
}: {
  item: T;
  actions: readonly RowAction<T>[];
  size: 'md' | 'lg';
}) {
  return actions.map((action) => (
    <span
      key={action.id}
      className={hint.hint}
      data-hint={action.off ?? action.label}
      data-side="left"
    >
      <ActionIcon
        variant="subtle"
        color={action.color}
        size={size}
        aria-label={action.label}
        disabled={Boolean(action.off)}
        onClick={() => action.run(item)}
      >
        {action.icon}
      </ActionIcon>
    </span>
  ));
}
