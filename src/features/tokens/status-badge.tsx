import { Badge } from '@mantine/core';
import type { TokenStatusCode } from '../../contract/token';
import { useI18n } from '../../components/i18n';

const COLORS: Record<TokenStatusCode, string> = { 1: 'teal', 2: 'gray', 3: 'orange', 4: 'red' };

export function StatusBadge({ status }: { status: TokenStatusCode }) {
  const { t } = useI18n();
  return (
    <Badge color={COLORS[status]} variant="dot" radius="sm" tt="none" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}
