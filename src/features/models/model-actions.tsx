import { ActionIcon, Button, Group } from '@mantine/core';
import type { Model } from '../../contract/model';
import hint from '../../components/hint.module.css';
import { useI18n } from '../../components/i18n';
import { IconEdit, IconTrash } from '../../components/icons';

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
    { label: t('action.edit'), icon: <IconEdit />, color: 'gray', run: handlers.onEdit },
    { label: t('action.delete'), icon: <IconTrash />, color: 'red', run: handlers.onDelete },
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
      {icons.map((action) => (
        <span key={action.label} className={hint.hint} data-hint={action.label} data-side="left">
          <ActionIcon
            variant="subtle"
            color={action.color}
            size={size}
            aria-label={action.label}
            onClick={() => action.run(model)}
          >
            {action.icon}
          </ActionIcon>
        </span>
      ))}
    </Group>
  );
}
