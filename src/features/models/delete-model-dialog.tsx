import '../../components/part-styles';
import { Modal, Stack, Text } from '@mantine/core';
import type { ModelsAccess } from '../../api/backend';
import type { Model } from '../../contract/model';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { useDeleteModel } from './api/delete-model';

/** Asks before a model goes, naming it; the safe choice has the focus. */
export function DeleteModelDialog({
  models,
  model,
  onClose,
  onDeleted,
}: {
  models: ModelsAccess;
  model: Model;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useI18n();
  const remove = useDeleteModel(models);
  return (
    <Modal opened onClose={onClose} title={t('models.deleteTitle')}>
      <Stack gap="md">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('models.deleteBody', { name: model.name })}
        </Text>
        {remove.isError && <ErrorAlert>{describeError(remove.error, t)}</ErrorAlert>}
        <DialogButtons
          confirmLabel={t('models.deleteConfirm')}
          onCancel={onClose}
          onConfirm={() => remove.mutate(model, { onSuccess: onDeleted })}
          busy={remove.isPending}
          danger
          focusCancel
        />
      </Stack>
    </Modal>
  );
}
