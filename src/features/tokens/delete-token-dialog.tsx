import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';

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
    <Modal
      opened
      onClose={onClose}
      title={t('delete.title')}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('delete.body', { name: token.name })}
        </Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('action.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={confirm}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
