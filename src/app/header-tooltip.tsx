import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A compact header button's name on hover: a part of its own (ControlFirst draws the button first). */
export default function HeaderTooltip({ label, target }: { label: string; target: ReactElement }) {
  return <Tooltip label={label}>{target}</Tooltip>;
}
