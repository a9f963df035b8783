import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';

export function DeleteTokenDialog({
  token,
  onClose,
  onConfirm,
}: {
  token: Token;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(describeError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('delete.title')}>
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('delete.body', { name: token.name })}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <DialogButtons
          confirmLabel={t('delete.confirm')}
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy}
          danger
          focusCancel
        />
      </Stack>
    </Modal>
  );
}
