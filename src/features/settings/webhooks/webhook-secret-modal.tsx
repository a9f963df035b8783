import type { Webhook } from '../../../contract/webhook';
import { useI18n } from '../../../components/i18n';
import { KeyShownOnce } from '../../../components/key-shown-once';
import { CopyAction, WholeKey } from '../../../components/whole-key';

/** The signing secret whole, this once: after an endpoint is added or its secret rotated. */
export function WebhookSecretModal({
  webhook,
  rotated,
  onClose,
}: {
  webhook: Webhook;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <KeyShownOnce
      title={t(rotated ? 'webhooks.rotatedTitle' : 'webhooks.addedTitle')}
      warning={t('webhooks.secretWarning')}
      actions={<CopyAction text={webhook.secret} label={t('action.copy')} />}
      onClose={onClose}
    >
      <WholeKey label={t('webhooks.secretLabel', { url: webhook.url })} value={webhook.secret} />
    </KeyShownOnce>
  );
}
