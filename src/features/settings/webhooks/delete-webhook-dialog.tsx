import '../../../components/part-styles';
import { Modal, Stack, Text } from '@mantine/core';
import type { WebhooksAccess } from '../../../api/backend';
import type { Webhook } from '../../../contract/webhook';
import { describeError } from '../../../components/describe-error';
import { DialogButtons } from '../../../components/dialog-buttons';
import { ErrorAlert } from '../../../components/error-alert';
import { useI18n } from '../../../components/i18n';
import { useDeleteWebhook } from './api/delete-webhook';

/** Asks before deleting an endpoint, naming it: its delivery log goes with it. */
export function DeleteWebhookDialog({
  webhooks,
  webhook,
  onClose,
}: {
  webhooks: WebhooksAccess;
  webhook: Webhook;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const remove = useDeleteWebhook(webhooks);
  return (
    <Modal opened onClose={onClose} title={t('webhooks.deleteTitle')}>
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('webhooks.deleteBody', { url: webhook.url })}
        </Text>
        {remove.isError && <ErrorAlert>{describeError(remove.error, t)}</ErrorAlert>}
        <DialogButtons
          confirmLabel={t('webhooks.delete')}
          onCancel={onClose}
          onConfirm={() => remove.mutate(webhook.id, { onSuccess: onClose })}
          busy={remove.isPending}
          danger
          focusCancel
        />
      </Stack>
    </Modal>
  );
}
