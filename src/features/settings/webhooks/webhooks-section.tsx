import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { WebhooksAccess } from '../../../api/backend';
import { useBackend } from '../../../api/backend-context';
import type { Webhook } from '../../../contract/webhook';
import { useAccess } from '../../../components/access';
import { describeError } from '../../../components/describe-error';
import { ErrorAlert } from '../../../components/error-alert';
import { useI18n, useTexts } from '../../../components/i18n';
import { IconPlus } from '../../../components/icons';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useWebhooks } from './api/list-webhooks';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendTestEvent } from './api/send-test-event';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { DeliveryLogModal } from './delivery-log-modal';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookList } from './webhook-list';
import { WebhookSecretModal } from './webhook-secret-modal';
import { webhooksTexts } from '../../../lib/i18n/en-webhooks';

type Dialog =
  | { kind: 'form'; webhook?: Webhook }
  | { kind: 'secret'; webhook: Webhook; rotated: boolean }
  | { kind: 'delete'; webhook: Webhook }
  | { kind: 'log'; webhook: Webhook }
  | null;

/**
 * Settings → Webhooks: the endpoints events are sent to, with their health; owners add, change,
 * test and delete them; everyone who reads tokens sees them and their delivery logs. Loaded on
 * demand, when the settings open.
 */
export default function WebhooksSection() {
  useTexts(webhooksTexts);
  const { t } = useI18n();
  const { webhooks } = useBackend();
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-title">
      <Title order={3} size="h5" id="webhooks-title">
        {t('webhooks.title')}
      </Title>
      {webhooks ? (
        <Webhooks webhooks={webhooks} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('webhooks.unavailable')}
        </Text>
      )}
    </Stack>
  );
}

function Webhooks({ webhooks }: { webhooks: WebhooksAccess }) {
  const { t } = useI18n();
  const { may } = useAccess();
  const manage = may('webhooks.manage');
  const list = useWebhooks(webhooks);
  const test = useSendTestEvent(webhooks);
  const rotate = useRotateWebhookSecret(webhooks);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  useReturnFocus(dialog !== null);

  const sendTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('webhooks.testSent') });
        setDialog({ kind: 'log', webhook });
      },
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    });
  const rotateSecret = (webhook: Webhook) =>
    rotate.mutate(webhook.id, {
      onSuccess: (rotated) => setDialog({ kind: 'secret', webhook: rotated, rotated: true }),
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    });

  return (
    <>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {list.isError && !list.data && (
        <ErrorAlert title={t('webhooks.loadFailed')}>{describeError(list.error, t)}</ErrorAlert>
      )}
      {list.isPending && <Skeleton height={88} radius="md" aria-hidden="true" />}
      {list.data?.length === 0 && (
        <Text size="sm" fs="italic">
          {t('webhooks.empty')}
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <WebhookList
          webhooks={list.data}
          manage={manage}
          onEdit={(webhook) => setDialog({ kind: 'form', webhook })}
          onTest={sendTest}
          onLog={(webhook) => setDialog({ kind: 'log', webhook })}
          onRotate={rotateSecret}
          onDelete={(webhook) => setDialog({ kind: 'delete', webhook })}
        />
      )}
      {manage && (
        <Group>
          <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'form' })}>
            {t('webhooks.add')}
          </Button>
        </Group>
      )}
      {dialog?.kind === 'form' && (
        <WebhookFormModal
          webhooks={webhooks}
          webhook={dialog.webhook}
          onClose={close}
          onSaved={(saved) =>
            dialog.webhook ? close() : setDialog({ kind: 'secret', webhook: saved, rotated: false })
          }
        />
      )}
      {dialog?.kind === 'secret' && (
        <WebhookSecretModal webhook={dialog.webhook} rotated={dialog.rotated} onClose={close} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteWebhookDialog webhooks={webhooks} webhook={dialog.webhook} onClose={close} />
      )}
      {dialog?.kind === 'log' && (
        <DeliveryLogModal
          webhooks={webhooks}
          webhook={dialog.webhook}
          manage={manage}
          onClose={close}
        />
      )}
    </>
  );
}
