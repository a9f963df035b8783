import '../../lib/i18n/en-signed-in';
import { Button, Group } from '@mantine/core';
import type { Model } from '../../contract/model';
import { useI18n } from '../../components/i18n';
import { IconEdit, IconTrash } from '../../components/icons';
import { RowActionIcons } from '../../components/row-action-icons';

export interface ModelActionHandlers {
  onTest: (model: Model) => void;
  onEdit: (model: Model) => void;
  onDelete: (model: Model) => void;
}

/** Test, Edit and Delete for one model: shown only to a key that may manage models. */
export function ModelActions({
  model,
  handlers,
  size,
}: {
  model: Model;
  handlers: ModelActionHandlers;
  /** Smaller in the table, larger on cards, for fingers. */
  size: 'md' | 'lg';
}) {
  const { t } = useI18n();
  const icons = [
    {
      id: 'edit',
      label: t('action.edit'),
      icon: <IconEdit />,
      color: 'gray',
      run: handlers.onEdit,
    },
    {
      id: 'delete',
      label: t('action.delete'),
      icon: <IconTrash />,
      color: 'red',
      run: handlers.onDelete,
    },
  ];
  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="group"
      aria-label={t('action.rowActions', { name: model.name })}
    >
      <Button
        variant="light"
        size={size === 'md' ? 'compact-sm' : 'sm'}
        onClick={() => handlers.onTest(model)}
      >
        {t('models.test')}
      </Button>
      <RowActionIcons item={model} actions={icons} size={size} />
    </Group>
  );
}
