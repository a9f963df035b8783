import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { IconCopy, IconEdit, IconPower, IconTrash } from '../../components/icons';

export interface TokenActionHandlers {
  onEdit: (token: Token) => void;
  onToggle: (token: Token) => void;
  onCopyKey: (token: Token) => void;
  onDelete: (token: Token) => void;
}

export function TokenActions({ token, handlers }: { token: Token; handlers: TokenActionHandlers }) {
  const { t } = useI18n();
  const enabled = token.status !== 2;
  const actions = [
    { label: t('action.edit'), icon: <IconEdit />, color: 'gray', run: handlers.onEdit },
    {
      label: t(enabled ? 'action.disable' : 'action.enable'),
      icon: <IconPower />,
      color: enabled ? 'gray' : 'teal',
      run: handlers.onToggle,
    },
    { label: t('action.copyKey'), icon: <IconCopy />, color: 'gray', run: handlers.onCopyKey },
    { label: t('action.delete'), icon: <IconTrash />, color: 'red', run: handlers.onDelete },
  ];
  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="group"
      aria-label={t('action.rowActions', { name: token.name })}
    >
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.label} withArrow openDelay={400}>
          <ActionIcon
            variant="subtle"
            color={action.color}
            size="lg"
            aria-label={action.label}
            onClick={() => action.run(token)}
          >
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
