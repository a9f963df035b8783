import '../../../lib/i18n/en-parts';
import { Text } from '@mantine/core';
import { WEBHOOK_SECRET_GRACE_SECONDS, type Webhook } from '../../../contract/webhook';
import { useI18n } from '../../../components/i18n';
import { KeyShownOnce } from '../../../components/key-shown-once';
import { CopyAction, WholeKey } from '../../../components/whole-key';
import { formatDateTime } from '../../../lib/time';

/**
 * The signing secret whole, this once: after an endpoint is added or its secret rotated, with
 * until when the secret it replaced still works.
 */
export function WebhookSecretModal({
  webhook,
  rotated,
  onClose,
}: {
  webhook: Webhook;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const previousUntil = webhook.previous_secret_valid_until;
  return (
    <KeyShownOnce
      title={t(rotated ? 'webhooks.rotatedTitle' : 'webhooks.addedTitle')}
      warning={t('webhooks.secretWarning')}
      actions={<CopyAction text={webhook.secret} label={t('action.copy')} />}
      onClose={onClose}
    >
      <WholeKey label={t('webhooks.secretLabel', { url: webhook.url })} value={webhook.secret} />
      {rotated && previousUntil !== null && (
        <Text size="sm" role="status">
          {t('webhooks.previousSecretWorks', {
            hours: WEBHOOK_SECRET_GRACE_SECONDS / 3_600,
            time: formatDateTime(previousUntil, locale),
          })}
        </Text>
      )}
    </KeyShownOnce>
  );
}
