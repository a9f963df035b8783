import { ActionIcon, Checkbox, UnstyledButton } from '@mantine/core';
import type { ChangeEvent, CSSProperties, ReactNode } from 'react';

/*
 * Mantine's Checkbox and ActionIcon, drawn as plain elements with Mantine's own classes and
 * variables: the same look, for controls repeated on every row of a page, where each component's
 * props, styles and ids cost more to draw than the row itself.
 */

const CHECKBOX_STYLE = {
  '--checkbox-size': 'calc(1.25rem * var(--mantine-scale))',
  '--checkbox-color': 'var(--mantine-primary-color-filled)',
  '--checkbox-icon-color': 'var(--mantine-color-white)',
  '--checkbox-radius': 'var(--mantine-radius-sm)',
} as CSSProperties;

/** An unlabelled checkbox (its accessible name in `label`), as Mantine's Checkbox draws one. */
export function PlainCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className={Checkbox.classes.root} style={CHECKBOX_STYLE}>
      <div className={Checkbox.classes.body}>
        <div className={Checkbox.classes.inner}>
          <input
            type="checkbox"
            className={`mantine-focus-auto ${Checkbox.classes.input}`}
            aria-label={label}
            checked={checked}
            onChange={onChange}
          />
          <svg viewBox="0 0 10 7" fill="none" aria-hidden="true" className={Checkbox.classes.icon}>
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
      </div>
    </div>
  );
}

export type PlainActionColor = 'gray' | 'teal' | 'red';

// The variables Mantine's ActionIcon sets for its subtle variant, one object per colour and size.
const actionStyles = new Map<string, CSSProperties>();
function actionStyle(color: PlainActionColor, size: 'md' | 'lg'): CSSProperties {
  const key = `${color} ${size}`;
  let style = actionStyles.get(key);
  if (!style) {
    style = {
      '--ai-size': `var(--ai-size-${size})`,
      '--ai-bg': 'transparent',
      '--ai-hover': `var(--mantine-color-${color}-light-hover)`,
      '--ai-color': `var(--mantine-color-${color}-light-color)`,
      '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
    } as CSSProperties;
    actionStyles.set(key, style);
  }
  return style;
}

const ACTION_CLASS = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} ${UnstyledButton.classes.root}`;

/** An icon button in Mantine's subtle ActionIcon look; its accessible name is `label`. */
export function PlainActionIcon({
  label,
  color,
  size,
  onClick,
  children,
}: {
  label: string;
  color: PlainActionColor;
  size: 'md' | 'lg';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={ACTION_CLASS}
      data-variant="subtle"
      aria-label={label}
      style={actionStyle(color, size)}
      onClick={onClick}
    >
      <span className={ActionIcon.classes.icon}>{children}</span>
    </button>
  );
}
