import '../../lib/i18n/en-signed-in';
import { Badge } from '@mantine/core';
import { NO_RESET } from '../../contract/quota-reset';
import type { Token } from '../../contract/token';
import { isExpired } from '../../contract/token-status';
import { useI18n } from '../../components/i18n';
import { dateTimeFormat } from '../../lib/intl-cache';
import { formatDateTime, formatRelative, formatTime } from '../../lib/time';
import { isLowQuota } from './low-quota';
import classes from './token-cells.module.css';
import { useListNow } from './token-list-view';

/**
 * Under a token's remaining quota: that it is running low, and how often and when it refills.
 * An unlimited token has no use for a refill, and an expired one gets none it could spend.
 */
export function QuotaMarks({ token }: { token: Token }) {
  const { t, locale } = useI18n();
  const now = useListNow();
  const low = isLowQuota(token);
  const period = token.unlimited_quota ? 'none' : token.quota_reset_period;
  const nextRefill =
    period !== 'none' && token.next_reset_time !== NO_RESET && !isExpired(token, now);
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
      {nextRefill && (
        <span className={classes.sub} title={formatDateTime(token.next_reset_time, locale)}>
          {t('lifecycle.nextReset', {
            when: formatRelative(token.next_reset_time, now, locale),
          })}
        </span>
      )}
    </span>
  );
}

/** Until when the key a token had before its rotation still works; null once it does not. */
export function previousKeyUntil(token: Token, now: number): number | null {
  const until = token.previous_key_valid_until;
  return until !== null && until > now ? until : null;
}

/** A grace ends within a week: the day and time say when, without the year. */
const dayAndTime = (seconds: number, locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(seconds * 1000));

/**
 * Under a rotated token's key, while the old key still works: until when, as a time of day when
 * that is today, with the day otherwise.
 */
export function PreviousKeyMark({ token }: { token: Token }) {
  const { t, locale } = useI18n();
  const now = useListNow();
  const until = previousKeyUntil(token, now);
  if (until === null) return null;
  const today = new Date(until * 1000).toDateString() === new Date(now * 1000).toDateString();
  return (
    <span className={classes.marks}>
      <Badge
        color="orange"
        variant="light"
        size="sm"
        radius="sm"
        tt="none"
        title={formatDateTime(until, locale)}
        // Wrapped rather than cut short: the time is what it is there to tell.
        styles={{
          root: { height: 'auto', paddingBlock: 2, lineHeight: 1.4, justifyContent: 'start' },
          label: { whiteSpace: 'normal', textAlign: 'start' },
        }}
      >
        {t('lifecycle.oldKeyUntil', {
          time: today ? formatTime(until, locale) : dayAndTime(until, locale),
        })}
      </Badge>
    </span>
  );
}
