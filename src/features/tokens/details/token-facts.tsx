import '../../../lib/i18n/en-parts';
import '../../../lib/i18n/en-signed-in';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { tpmLimitOf, type TokenBackend } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import { NEVER, TokenStatus, type Token } from '../../../contract/token';
import { NO_RESET } from '../../../contract/quota-reset';
import { isExpired } from '../../../contract/token-status';
import { useI18n } from '../../../components/i18n';
import { QuotaAmount } from '../../../components/quota';
import { numberFormat } from '../../../lib/intl-cache';
import { formatDateTime, formatRelative, formatSince } from '../../../lib/time';
import { previousKeyUntil } from '../lifecycle-marks';
import { StatusBadge } from '../status-badge';
import { KeyText } from '../token-cells';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A time with how far it is from now: "Nov 25, 2026, 10:00 AM (in 3 hours)". */
const whenText = (time: number, now: number, locale: string) =>
  `${formatDateTime(time, locale)} (${formatRelative(time, now, locale)})`;

/** A time that has passed, whatever this browser's clock says: "…, 10:00 AM (just now)". */
const sinceText = (time: number, now: number, locale: string, justNow: string) =>
  `${formatDateTime(time, locale)} (${formatSince(time, now, locale, justNow)})`;

/** Why a token is in its state, in words: the status alone does not say what to fix. */
function statusReason(token: Token, t: ReturnType<typeof useI18n>['t'], locale: string): string {
  switch (token.status) {
    case TokenStatus.disabled:
      return t('details.reason.disabled');
    case TokenStatus.expired:
      return t('details.reason.expired', { time: formatDateTime(token.expired_time, locale) });
    case TokenStatus.exhausted:
      return t('details.reason.exhausted');
    default:
      return t('details.reason.enabled');
  }
}

/** The token's fields, its status with the reason, and quota in USD and units. */
export function TokenFacts({ token, now }: { token: Token; now: number }) {
  const { t, locale } = useI18n();
  const when = (time: number) => whenText(time, now, locale);
  const previousUntil = previousKeyUntil(token, now);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <StatusBadge status={token.status} />
        <Text size="sm">{statusReason(token, t, locale)}</Text>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        <Fact label={t('tokens.col.key')}>
          <KeyText token={token} />
          {previousUntil !== null && (
            <Text span size="xs" display="block" mt={4}>
              {t('rotate.oldWorksUntil', { time: when(previousUntil) })}
            </Text>
          )}
        </Fact>
        <Fact label={t('details.id')}>{token.id}</Fact>
        <Fact label={t('tokens.col.remain')}>
          <QuotaAmount units={token.remain_quota} unlimited={token.unlimited_quota} />
        </Fact>
        <Fact label={t('tokens.col.used')}>
          <QuotaAmount units={token.used_quota} />
        </Fact>
        <Fact label={t('tokens.col.expiry')}>
          {token.expired_time === NEVER ? t('expiry.never') : when(token.expired_time)}
        </Fact>
        <Fact label={t('tokens.col.created')}>{formatDateTime(token.created_time, locale)}</Fact>
        <Fact label={t('tokens.col.lastUsed')}>
          {token.accessed_time <= token.created_time
            ? t('tokens.neverUsed')
            : sinceText(token.accessed_time, now, locale, t('time.justNow'))}
        </Fact>
        <Fact label={t('details.models')}>{token.models || t('details.anyModel')}</Fact>
        <Fact label={t('details.subnet')}>{token.subnet || t('details.anyAddress')}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

/** Where the details say why a server cannot rotate keys, for the Rotate button to point to. */
export const rotateMissingId = (backend: TokenBackend) =>
  backend.lifecycleMissing !== null
    ? 'lifecycle-missing'
    : backend.unavailable.includes('rotate')
      ? 'rotate-missing'
      : undefined;

/** A limit per minute, or none. */
function perMinute(limit: number, text: (count: string) => string, none: string, locale: string) {
  return limit === 0 ? none : text(numberFormat(locale).format(limit));
}

/**
 * Refills, rate limits and the key; on servers without them (or without rotation, or a whole
 * key to copy), why they are missing.
 */
export function TokenLifecycle({ token, now }: { token: Token; now: number }) {
  const { t, locale } = useI18n();
  const backend = useBackend();
  const missing = backend.lifecycleMissing !== null;
  const period = token.quota_reset_period;
  const when = (time: number) => whenText(time, now, locale);
  // A refill an unlimited token has no use for, or an expired one could not spend, is not told.
  const nextReset = () => {
    if (token.next_reset_time === NO_RESET || token.unlimited_quota) return '—';
    return isExpired(token, now) ? t('details.noResetExpired') : when(token.next_reset_time);
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('details.lifecycle')}
      </Title>
      {missing && (
        <Text size="sm" c="dimmed" id="lifecycle-missing">
          {t('details.lifecycleMissing')}
        </Text>
      )}
      {!missing && (
        <SimpleGrid
          component="dl"
          cols={{ base: 1, xs: 2 }}
          spacing="sm"
          verticalSpacing="xs"
          m={0}
        >
          <Fact label={t('details.refills')}>
            {period !== 'none' ? (
              <>
                {t(`details.period.${period}`)}
                <br />
                <QuotaAmount units={token.quota_reset_amount} />
                {token.unlimited_quota && (
                  <Text span size="xs" c="dimmed" display="block">
                    {t('details.refillUnused')}
                  </Text>
                )}
              </>
            ) : (
              t('details.noRefill')
            )}
          </Fact>
          <Fact label={t('details.nextReset')}>{nextReset()}</Fact>
          <Fact label={t('details.rateLimit')}>
            {perMinute(
              token.rpm_limit,
              (count) => t('details.rpm', { count }),
              t('details.noLimit'),
              locale,
            )}
          </Fact>
          {backend.tpmLimits && (
            <Fact label={t('details.tpmLimit')}>
              {perMinute(
                tpmLimitOf(token),
                (count) => t('details.tpm', { count }),
                t('details.noLimit'),
                locale,
              )}
            </Fact>
          )}
        </SimpleGrid>
      )}
      {backend.unavailable.includes('reveal') && (
        <Text size="sm" c="dimmed" id="reveal-missing">
          {t('litellm.reveal')}
        </Text>
      )}
      {backend.unavailable.includes('rotate') && (
        <Text size="sm" c="dimmed" id="rotate-missing">
          {t('litellm.rotate')}
        </Text>
      )}
    </Stack>
  );
}
