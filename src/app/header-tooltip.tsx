import '../components/part-styles';
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A compact header button's name on hover: a part of its own (ControlFirst draws the button first). */
export default function HeaderTooltip({
  label,
  target,
  opened,
}: {
  label: string;
  target: ReactElement;
  /** The mouse is on the button already. */
  opened?: boolean;
}) {
  return (
    <Tooltip label={label} defaultOpened={opened}>
      {target}
    </Tooltip>
  );
}
