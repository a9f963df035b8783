import { Progress, Tooltip } from '@mantine/core';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';

/** Used against remaining quota at a glance; unlimited tokens have no bar to fill. */
export function UsageBar({ token }: { token: Token }) {
  const { t, locale } = useI18n();
  if (token.unlimited_quota) return null;
  const total = token.used_quota + token.remain_quota;
  const usedShare = total === 0 ? 1 : token.used_quota / total;
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(usedShare);
  const label = t('tokens.usedShare', { percent });
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <Progress
        value={usedShare * 100}
        size="sm"
        mt={6}
        w={120}
        color={usedShare >= 0.9 ? 'red' : usedShare >= 0.7 ? 'orange' : 'teal'}
        aria-label={label}
      />
    </Tooltip>
  );
}
