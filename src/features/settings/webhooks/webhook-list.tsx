import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Webhook } from '../../../contract/webhook';
import { useI18n } from '../../../components/i18n';
import { useNow } from '../../../components/use-now';
import { formatDateTime } from '../../../lib/time';
import { WebhookHealth } from './webhook-health';
import { PlainList } from '../../../components/plain-list';

/** The endpoints, one card each, with their health and what may be done with them. */
export function WebhookList({
  webhooks,
  manage,
  onEdit,
  onTest,
  onLog,
  onRotate,
  onDelete,
}: {
  webhooks: Webhook[];
  /** Whether the connected key may change them (an owner's). */
  manage: boolean;
  onEdit: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  onLog: (webhook: Webhook) => void;
  onRotate: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}) {
  const { t, locale } = useI18n();
  const now = useNow();
  return (
    <PlainList gap="xs" aria-label={t('webhooks.list')}>
      {webhooks.map((webhook) => {
        const named = { url: webhook.url };
        return (
          <Paper key={webhook.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                {webhook.url}
              </Text>
              {webhook.description && (
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {webhook.description}
                </Text>
              )}
              <Group gap="xs" wrap="wrap">
                <WebhookHealth webhook={webhook} now={now} />
              </Group>
              {webhook.previous_secret_valid_until !== null &&
                webhook.previous_secret_valid_until > now && (
                  <Text size="xs" c="dimmed">
                    {t('webhooks.previousSecretUntil', {
                      time: formatDateTime(webhook.previous_secret_valid_until, locale),
                    })}
                  </Text>
                )}
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color="gray" tt="none">
                  {t(
                    webhook.format === 'slack' ? 'webhooks.formatSlack' : 'webhooks.formatStandard',
                  )}
                </Badge>
                <Badge variant="outline" color="gray" tt="none">
                  {webhook.events.includes('*')
                    ? t('webhooks.allEvents')
                    : t('webhooks.someEvents', { count: webhook.events.length })}
                </Badge>
              </Group>
              <Group gap="xs" wrap="wrap">
                {manage && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('webhooks.testNamed', named)}
                    onClick={() => onTest(webhook)}
                  >
                    {t('webhooks.test')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('webhooks.logNamed', named)}
                  onClick={() => onLog(webhook)}
                >
                  {t('webhooks.log')}
                </Button>
                {manage && (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('webhooks.editNamed', named)}
                      onClick={() => onEdit(webhook)}
                    >
                      {t('webhooks.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('webhooks.rotateNamed', named)}
                      onClick={() => onRotate(webhook)}
                    >
                      {t('webhooks.rotate')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('webhooks.deleteNamed', named)}
                      onClick={() => onDelete(webhook)}
                    >
                      {t('webhooks.delete')}
                    </Button>
                  </>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </PlainList>
  );
}
