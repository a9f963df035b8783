import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { AdminKey } from '../../contract/admin-key';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';
import { CopyAction, WholeKey } from '../../components/whole-key';

/**
 * The new admin key whole, this once, as a new token's is shown. A click outside does not close
 * it: the key would be lost.
 */
export function AdminKeyCreatedModal({
  created,
  onClose,
}: {
  created: AdminKey;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('adminKeys.createdTitle')}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlert />}>
          {t('adminKeys.createdWarning')}
        </Alert>
        <WholeKey
          label={t('adminKeys.createdLabel', {
            name: created.name,
            role: t(`role.${created.role}`),
          })}
          value={created.key}
        />
        <Group justify="flex-end" gap="sm" align="flex-start">
          <CopyAction text={created.key} label={t('action.copy')} />
          <Button variant="default" onClick={onClose}>
            {t('newKey.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
