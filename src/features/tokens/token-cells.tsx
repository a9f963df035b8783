import '../../lib/i18n/en-signed-in';
import { Badge, Code } from '@mantine/core';
import { NEVER, maskKey, type Token } from '../../contract/token';
import { DetailsLink } from '../../components/details-link';
import { useI18n } from '../../components/i18n';
import hint from '../../components/hint.module.css';
import { QuotaAmount } from '../../components/quota';
import { numberFormat } from '../../lib/intl-cache';
import {
  formatDate,
  formatDateTime,
  formatRelative,
  formatSince,
  formatTime,
} from '../../lib/time';
import { QuotaMarks } from './lifecycle-marks';
import { QuotaLine } from './quota-line';
import classes from './token-cells.module.css';
import { useListNow } from './token-list-view';

/**
 * Whole, never clamped: names are at most 50 characters, and batch names differ only at the end.
 * The name opens the token's details.
 */
export function NameText({ token }: { token: Pick<Token, 'id' | 'name'> }) {
  return (
    <DetailsLink id={token.id} className={classes.name}>
      {token.name}
    </DetailsLink>
  );
}

/**
 * Keys are shown masked even when a server sends them whole; one masked by its server (new-api's
 * `*`, LiteLLM's `...`) is shown as the server masked it.
 */
export function KeyText({ token }: { token: Token }) {
  const masked = /\*|\.\.\./.test(token.key) ? token.key : maskKey(token.key);
  return <Code className={classes.key}>sk-{masked}</Code>;
}

const SOON_SECONDS = 7 * 86_400;

/** The expiry, with a warning when it is less than a week away; on one line in the table. */
export function ExpiryCell({ expiredTime, line = false }: { expiredTime: number; line?: boolean }) {
  const { t } = useI18n();
  const now = useListNow();
  const soon = expiredTime !== NEVER && expiredTime > now && expiredTime - now <= SOON_SECONDS;
  if (line) return <ExpiryLine expiredTime={expiredTime} now={now} soon={soon} />;
  return (
    <>
      <ExpiryText expiredTime={expiredTime} now={now} />
      {soon && (
        <Badge color="orange" variant="dot" size="sm" tt="none" mt={4}>
          {t('tokens.expiresSoon')}
        </Badge>
      )}
    </>
  );
}

/** The date alone, or the warning in its place when it is near; the time and how far in a hint. */
function ExpiryLine({
  expiredTime,
  now,
  soon,
}: {
  expiredTime: number;
  now: number;
  soon: boolean;
}) {
  const { t, locale } = useI18n();
  if (expiredTime === NEVER) {
    return <span className={`${classes.text} ${classes.dimmed}`}>{t('expiry.never')}</span>;
  }
  const when = `${formatDateTime(expiredTime, locale)} · ${formatRelative(expiredTime, now, locale)}`;
  return soon ? (
    <Badge color="orange" variant="dot" size="sm" tt="none" title={when} miw="max-content">
      {t('tokens.expiresSoon')}
    </Badge>
  ) : (
    <span
      className={`${classes.text} ${classes.nowrap} ${expiredTime <= now ? classes.past : ''}`}
      title={when}
    >
      {formatDate(expiredTime, locale)}
    </span>
  );
}

function ExpiryText({ expiredTime, now }: { expiredTime: number; now: number }) {
  const { t, locale } = useI18n();
  if (expiredTime === NEVER) {
    return <span className={`${classes.text} ${classes.dimmed}`}>{t('expiry.never')}</span>;
  }
  return (
    <span title={formatDateTime(expiredTime, locale)}>
      <span className={classes.text}>{formatDate(expiredTime, locale)}</span>
      <span className={classes.sub}>
        {formatTime(expiredTime, locale)} ·{' '}
        <span className={expiredTime <= now ? classes.past : undefined}>
          {formatRelative(expiredTime, now, locale)}
        </span>
      </span>
    </span>
  );
}

export function CreatedText({ createdTime }: { createdTime: number }) {
  const { locale } = useI18n();
  return (
    <span
      className={`${classes.text} ${classes.nowrap}`}
      title={formatDateTime(createdTime, locale)}
    >
      {formatDate(createdTime, locale)}
    </span>
  );
}

/** accessed_time equals created_time until the token is first used. */
export function LastUsedText({ token }: { token: Token }) {
  const { t, locale } = useI18n();
  const now = useListNow();
  if (token.accessed_time <= token.created_time) {
    return <span className={`${classes.text} ${classes.dimmed}`}>{t('tokens.neverUsed')}</span>;
  }
  return (
    <span
      className={`${classes.text} ${classes.nowrap}`}
      title={formatDateTime(token.accessed_time, locale)}
    >
      {formatSince(token.accessed_time, now, locale, t('time.justNow'))}
    </span>
  );
}

const BAR_COLOR = (leftShare: number) =>
  leftShare <= 0.1 ? 'red' : leftShare <= 0.3 ? 'orange' : 'teal';

/**
 * The remaining quota, beneath it how much of the whole is left, then its marks; the figure on
 * one line in the table (`line`).
 */
export function RemainingCell({ token, line = false }: { token: Token; line?: boolean }) {
  return (
    <>
      {line ? (
        <QuotaLine units={token.remain_quota} unlimited={token.unlimited_quota} />
      ) : (
        <QuotaAmount units={token.remain_quota} unlimited={token.unlimited_quota} />
      )}
      <RemainingBar token={token} tight={line} />
      <QuotaMarks token={token} />
    </>
  );
}

/** What is left of the whole (left plus used) at a glance; unlimited tokens have no bar to fill. */
function RemainingBar({ token, tight }: { token: Token; tight: boolean }) {
  const { t, locale } = useI18n();
  if (token.unlimited_quota) return null;
  const total = token.used_quota + token.remain_quota;
  const leftShare = total === 0 ? 0 : token.remain_quota / total;
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    leftShare,
  );
  const label = t('tokens.leftShare', { percent });
  return (
    <span
      className={tight ? `${hint.hint} ${classes.barBlock}` : hint.hint}
      data-hint={label}
      data-side="top"
    >
      <span
        className={tight ? `${classes.bar} ${classes.tight}` : classes.bar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(leftShare * 100)}
      >
        <span
          className={classes.fill}
          style={{
            width: `${leftShare * 100}%`,
            backgroundColor: `var(--mantine-color-${BAR_COLOR(leftShare)}-filled)`,
          }}
        />
      </span>
    </span>
  );
}
