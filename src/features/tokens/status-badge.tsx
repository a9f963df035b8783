import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { TokenStatusCode } from '../../contract/token';
import { useI18n } from '../../components/i18n';

const COLORS: Record<TokenStatusCode, string> = { 1: 'teal', 2: 'gray', 3: 'orange', 4: 'red' };

// Mantine's dot Badge drawn as plain elements with its classes: one is drawn on every row.
const ROOT_CLASS = `${Badge.classes['root--dot']} ${Badge.classes.root}`;
const STYLES = Object.fromEntries(
  Object.entries(COLORS).map(([status, color]) => [
    status,
    {
      '--badge-radius': 'var(--mantine-radius-sm)',
      '--badge-dot-color': `var(--mantine-color-${color}-filled)`,
      textTransform: 'none',
      minWidth: 'max-content',
    } as CSSProperties,
  ]),
) as Record<TokenStatusCode, CSSProperties>;

export function StatusBadge({ status }: { status: TokenStatusCode }) {
  const { t } = useI18n();
  return (
    <div className={ROOT_CLASS} data-variant="dot" style={STYLES[status]}>
      <span className={Badge.classes.label}>{t(`status.${status}`)}</span>
    </div>
  );
}
