import { Badge } from '@mantine/core';
import { TokenStatus, type TokenStatusCode } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import colors from './status-colors.module.css';

/** The class giving a status its colour as `--status-color`, in either scheme. */
export const STATUS_COLOR_CLASS: Record<TokenStatusCode, string | undefined> = {
  [TokenStatus.enabled]: colors.enabled,
  [TokenStatus.disabled]: colors.disabled,
  [TokenStatus.expired]: colors.expired,
  [TokenStatus.exhausted]: colors.exhausted,
};

export function StatusBadge({ status }: { status: TokenStatusCode }) {
  const { t } = useI18n();
  return (
    <Badge
      className={STATUS_COLOR_CLASS[status]}
      color="var(--status-color)"
      variant="dot"
      radius="sm"
      tt="none"
      miw="max-content"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
