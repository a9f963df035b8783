import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Modal, Stack, Text } from '@mantine/core';
import type { AdminKeysAccess } from '../../api/backend';
import type { AdminKey } from '../../contract/admin-key';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { useRevokeAdminKey } from './api/revoke-admin-key';

/** Asks before revoking, naming the key: whoever uses it is signed out. */
export function RevokeAdminKeyDialog({
  adminKeys,
  adminKey,
  onClose,
  onRevoked,
}: {
  adminKeys: AdminKeysAccess;
  adminKey: AdminKey;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { t } = useI18n();
  const revoke = useRevokeAdminKey(adminKeys);
  return (
    <Modal opened onClose={onClose} title={t('adminKeys.revokeTitle')}>
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('adminKeys.revokeBody', { name: adminKey.name })}
        </Text>
        {revoke.isError && <ErrorAlert>{describeError(revoke.error, t)}</ErrorAlert>}
        <DialogButtons
          confirmLabel={t('adminKeys.revoke')}
          onCancel={onClose}
          onConfirm={() => revoke.mutate(adminKey, { onSuccess: onRevoked })}
          busy={revoke.isPending}
          danger
          focusCancel
        />
      </Stack>
    </Modal>
  );
}
