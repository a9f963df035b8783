import '../../lib/i18n/en-signed-in';
import { Group } from '@mantine/core';
import { useBackend } from '../../api/backend-context';
import { TokenStatus, type Token } from '../../contract/token';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { IconCopy, IconEdit, IconPower, IconTrash } from '../../components/icons';
import { RowActionIcons } from '../../components/row-action-icons';
import { allowedRowActions } from './token-permissions';

export interface TokenActionHandlers {
  onEdit: (token: Token) => void;
  onToggle: (token: Token) => void;
  onCopyKey: (token: Token) => void;
  onDelete: (token: Token) => void;
}

export function TokenActions({
  token,
  handlers,
  size,
}: {
  token: Token;
  handlers: TokenActionHandlers;
  /** Smaller in the table, where width is scarce; larger on cards, for fingers. */
  size: 'md' | 'lg';
}) {
  const { t } = useI18n();
  const { may } = useAccess();
  const { unavailable } = useBackend();
  const enabled = token.status !== TokenStatus.disabled;
  // Where the server keeps no whole key, the button stays in its place, off, its hint saying why.
  const noReveal = unavailable.includes('reveal') ? t('litellm.revealShort') : null;
  const buttons = {
    edit: { label: t('action.edit'), icon: <IconEdit />, color: 'gray', run: handlers.onEdit },
    toggle: {
      label: t(enabled ? 'action.disable' : 'action.enable'),
      icon: <IconPower />,
      color: enabled ? 'gray' : 'teal',
      run: handlers.onToggle,
    },
    copyKey: {
      label: t('action.copyKey'),
      icon: <IconCopy />,
      color: 'gray',
      run: handlers.onCopyKey,
      off: noReveal,
    },
    delete: {
      label: t('action.delete'),
      icon: <IconTrash />,
      color: 'red',
      run: handlers.onDelete,
    },
  };
  const actions = allowedRowActions(may).map((action) => ({ id: action, ...buttons[action] }));
  if (actions.length === 0) return null;
  return (
    <Group
      gap={2}
      wrap="nowrap"
      role="group"
      aria-label={t('action.rowActions', { name: token.name })}
    >
      <RowActionIcons item={token} actions={actions} size={size} />
    </Group>
  );
}
