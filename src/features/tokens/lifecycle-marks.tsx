import { Badge } from '@mantine/core';
import { NO_RESET } from '../../contract/quota-reset';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { formatDateTime, formatRelative } from '../../lib/time';
import { isLowQuota } from './low-quota';
import classes from './token-cells.module.css';
import { useListNow } from './token-list-view';

/** Under a token's remaining quota: that it is running low, and how often and when it refills. */
export function QuotaMarks({ token }: { token: Token }) {
  const { t, locale } = useI18n();
  const now = useListNow();
  const low = isLowQuota(token);
  const period = token.quota_reset_period;
  if (!low && period === 'none') return null;
  return (
    <span className={classes.marks}>
      {low && (
        <Badge color="red" variant="light" size="sm" radius="sm" tt="none">
          {t('lifecycle.lowQuota')}
        </Badge>
      )}
      {period !== 'none' && (
        <Badge color="indigo" variant="light" size="sm" radius="sm" tt="none">
          {t(`lifecycle.mark.${period}`)}
        </Badge>
      )}
      {period !== 'none' && token.next_reset_time !== NO_RESET && (
        <span className={classes.sub} title={formatDateTime(token.next_reset_time, locale)}>
          {t('lifecycle.nextReset', {
            when: formatRelative(token.next_reset_time, now, locale),
          })}
        </span>
      )}
    </span>
  );
}
