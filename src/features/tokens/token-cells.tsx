import { Code, Stack, Text } from '@mantine/core';
import { NEVER, maskKey, type Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { formatDate, formatDateTime, formatRelative } from '../../lib/time';

/** Keys are shown masked even when a server sends them whole. */
export function KeyText({ token }: { token: Token }) {
  const masked = token.key.includes('*') ? token.key : maskKey(token.key);
  return (
    <Code fz="xs" style={{ whiteSpace: 'nowrap' }}>
      sk-{masked}
    </Code>
  );
}

export function ExpiryText({ expiredTime, now }: { expiredTime: number; now: number }) {
  const { t, locale } = useI18n();
  if (expiredTime === NEVER) {
    return (
      <Text size="sm" c="dimmed">
        {t('expiry.never')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(expiredTime, locale)}</Text>
      <Text size="xs" c={expiredTime <= now ? 'red' : 'dimmed'}>
        {formatRelative(expiredTime, now, locale)}
      </Text>
    </Stack>
  );
}

export function CreatedText({ createdTime }: { createdTime: number }) {
  const { locale } = useI18n();
  return (
    <Text size="sm" title={formatDateTime(createdTime, locale)}>
      {formatDate(createdTime, locale)}
    </Text>
  );
}

/** accessed_time equals created_time until the token is first used. */
export function LastUsedText({ token, now }: { token: Token; now: number }) {
  const { t, locale } = useI18n();
  if (token.accessed_time <= token.created_time) {
    return (
      <Text size="sm" c="dimmed">
        {t('tokens.neverUsed')}
      </Text>
    );
  }
  return (
    <Text size="sm" title={formatDateTime(token.accessed_time, locale)}>
      {formatRelative(token.accessed_time, now, locale)}
    </Text>
  );
}
