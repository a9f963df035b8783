import '../../../lib/i18n/en-parts';
import '../../../lib/i18n/en-signed-in';
import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { WebhooksAccess } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { WebhookEventType } from '../../../contract/webhook';
import { EVENT_TYPE_WORDS } from '../../../components/event-type-words';
import { describeError } from '../../../components/describe-error';
import { ErrorAlert } from '../../../components/error-alert';
import { useI18n } from '../../../components/i18n';
import { formatDateTime, formatSince } from '../../../lib/time';
import { useTokenEvents } from '../api/token-events';
import { PlainList } from '../../../components/plain-list';

/** The alerts among them stand out. */
const ALERTS = new Set<WebhookEventType>([
  'token.quota_low',
  'token.exhausted',
  'token.expiring',
  'token.expired',
]);

/** The token's recent events, as its webhooks were sent them; nothing where the server has none. */
export function TokenEvents({ tokenId, now }: { tokenId: number; now: number }) {
  const { webhooks } = useBackend();
  return webhooks ? <Events webhooks={webhooks} tokenId={tokenId} now={now} /> : null;
}

function Events({
  webhooks,
  tokenId,
  now,
}: {
  webhooks: WebhooksAccess;
  tokenId: number;
  now: number;
}) {
  const { t, locale } = useI18n();
  const events = useTokenEvents(webhooks, tokenId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="token-events-title">
      <Title order={3} size="h5" id="token-events-title">
        {t('details.events')}
      </Title>
      {events.isError && (
        <ErrorAlert title={t('details.eventsFailed')}>{describeError(events.error, t)}</ErrorAlert>
      )}
      {events.isPending && <Skeleton h={60} radius="md" />}
      {events.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('details.eventsEmpty')}
        </Text>
      )}
      {events.data && events.data.length > 0 && (
        <PlainList gap={6} aria-labelledby="token-events-title">
          {events.data.map((event) => (
            <Group key={event.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Badge variant="dot" color={ALERTS.has(event.type) ? 'orange' : 'gray'} tt="none">
                {t(EVENT_TYPE_WORDS[event.type])}
              </Badge>
              <Text size="xs" c="dimmed" title={formatDateTime(event.created_at, locale)}>
                {formatSince(event.created_at, now, locale, t('time.justNow'))}
              </Text>
            </Group>
          ))}
        </PlainList>
      )}
    </Stack>
  );
}
