import '../../../lib/i18n/en-parts';
import '../../../components/part-styles';
import { Badge, Button, Code, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhooksAccess } from '../../../api/backend';
import type { Delivery, DeliveryState, Webhook } from '../../../contract/webhook';
import { describeError } from '../../../components/describe-error';
import { ErrorAlert } from '../../../components/error-alert';
import { EVENT_TYPE_WORDS } from '../../../components/event-type-words';
import { useI18n } from '../../../components/i18n';
import type { MessageKey } from '../../../lib/i18n/en';
import { formatDateTime } from '../../../lib/time';
import { useDeliveries } from './api/list-deliveries';
import { useResendDelivery } from './api/resend-delivery';
import { PlainList } from '../../../components/plain-list';

const STATES: Record<DeliveryState, { color: string; words: MessageKey }> = {
  pending: { color: 'yellow', words: 'webhooks.state.pending' },
  delivered: { color: 'teal', words: 'webhooks.state.delivered' },
  failed: { color: 'red', words: 'webhooks.state.failed' },
};

/** What was sent to an endpoint, newest first: each delivery with every attempt, and Resend. */
export function DeliveryLogModal({
  webhooks,
  webhook,
  manage,
  onClose,
}: {
  webhooks: WebhooksAccess;
  webhook: Webhook;
  manage: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const log = useDeliveries(webhooks, webhook.id);
  const resend = useResendDelivery(webhooks, webhook.id);
  const deliveries = log.data?.pages.flatMap((page) => page.items);
  const resendOne = (delivery: Delivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('webhooks.resent') }),
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    });
  return (
    <Modal opened onClose={onClose} title={t('webhooks.logTitle')} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Text>
        {log.isError && !log.data && (
          <ErrorAlert title={t('webhooks.logFailed')}>{describeError(log.error, t)}</ErrorAlert>
        )}
        {log.isPending && <Skeleton height={120} radius="md" aria-hidden="true" />}
        {deliveries?.length === 0 && (
          <Text size="sm" fs="italic">
            {t('webhooks.logEmpty')}
          </Text>
        )}
        {deliveries && deliveries.length > 0 && (
          <PlainList gap="xs" aria-label={t('webhooks.deliveries')}>
            {deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                onResend={manage ? () => resendOne(delivery) : undefined}
                resending={resend.isPending && resend.variables === delivery.id}
              />
            ))}
          </PlainList>
        )}
        {log.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            loading={log.isFetchingNextPage}
            onClick={() => log.fetchNextPage()}
          >
            {t('audit.showMore')}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}

function DeliveryItem({
  delivery,
  onResend,
  resending,
}: {
  delivery: Delivery;
  onResend?: () => void;
  resending: boolean;
}) {
  const { t, locale } = useI18n();
  const state = STATES[delivery.state];
  const event = t(EVENT_TYPE_WORDS[delivery.event.type]);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={state.color} variant="dot" tt="none">
              {t(state.words)}
            </Badge>
            <Text size="sm" fw={600}>
              {event}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(delivery.created_time, locale)}
            </Text>
          </Group>
          {onResend && (
            <Button
              size="xs"
              variant="light"
              loading={resending}
              aria-label={t('webhooks.resendNamed', { event, id: delivery.id })}
              onClick={onResend}
            >
              {t('webhooks.resend')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('webhooks.eventId', { id: delivery.event.id })}
          {delivery.next_attempt_time !== null &&
            ` · ${t('webhooks.nextAttempt', { when: formatDateTime(delivery.next_attempt_time, locale) })}`}
        </Text>
        {delivery.attempts.length === 0 && (
          <Text size="xs" fs="italic">
            {t('webhooks.noAttempt')}
          </Text>
        )}
        {delivery.attempts.map((attempt, index) => (
          <Stack
            key={index}
            gap={2}
            pl="xs"
            style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          >
            <Text size="xs">
              {formatDateTime(attempt.time, locale)}
              {' · '}
              {attempt.status_code !== null
                ? t('webhooks.status', { code: attempt.status_code })
                : attempt.error}
              {' · '}
              {t('webhooks.took', { ms: attempt.duration_ms })}
            </Text>
            {attempt.answer !== '' && (
              <Code
                block
                fz="xs"
                style={{
                  maxHeight: 96,
                  overflow: 'auto',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                }}
              >
                {attempt.answer}
              </Code>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
