import '../../../lib/i18n/en-signed-in';
import { Badge, Text } from '@mantine/core';
import type { Webhook } from '../../../contract/webhook';
import { useI18n } from '../../../components/i18n';
import { formatDateTime, formatSince } from '../../../lib/time';

/** How an endpoint is doing: a word with its color, and a line that says why. */
export function WebhookHealth({ webhook, now }: { webhook: Webhook; now: number }) {
  const { t, locale } = useI18n();
  const { health } = webhook;
  const since = (time: number) => formatSince(time, now, locale, t('time.justNow'));
  const last =
    health.last_status_code !== null
      ? t('webhooks.status', { code: health.last_status_code })
      : (health.last_error ?? '');
  if (!webhook.enabled) {
    return (
      <>
        <Badge color="gray" variant="dot" tt="none">
          {t('webhooks.health.off')}
        </Badge>
        {health.switched_off_time > 0 && (
          <Text size="xs" c="red">
            {t('webhooks.switchedOff', { date: formatDateTime(health.switched_off_time, locale) })}
          </Text>
        )}
      </>
    );
  }
  if (health.failures_in_row > 0) {
    return (
      <>
        <Badge color="orange" variant="dot" tt="none">
          {t('webhooks.health.failing')}
        </Badge>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('webhooks.failing', {
            count: health.failures_in_row,
            since: since(health.failing_since),
            last,
          })}
        </Text>
      </>
    );
  }
  return (
    <>
      <Badge color={health.last_attempt_time > 0 ? 'teal' : 'gray'} variant="dot" tt="none">
        {t(health.last_attempt_time > 0 ? 'webhooks.health.ok' : 'webhooks.health.new')}
      </Badge>
      <Text size="xs" c="dimmed">
        {health.last_attempt_time > 0
          ? t('webhooks.lastDelivery', { when: since(health.last_attempt_time), last })
          : t('webhooks.noDelivery')}
      </Text>
    </>
  );
}
