import '../../../lib/i18n/en-parts';
import '../../../lib/i18n/en-signed-in';
import { Button, Group } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useBackend } from '../../../api/backend-context';
import { TokenStatus, type Token } from '../../../contract/token';
import { useAccess } from '../../../components/access';
import { useI18n } from '../../../components/i18n';
import { IconCopy, IconEdit, IconKey, IconPower, IconTrash } from '../../../components/icons';
import type { TokenActionHandlers } from '../token-actions';
import { rotateMissingId } from './token-facts';
import { allowedRowActions, type RowAction } from '../token-permissions';

/**
 * What can be done to the token from its details: the row's own actions, named in full, and
 * Rotate. Each is offered only where the key's role may use it, as in the row.
 */
export function TokenDetailActions({
  token,
  handlers,
  onRotate,
}: {
  token: Token;
  handlers: TokenActionHandlers;
  onRotate: () => void;
}) {
  const { t } = useI18n();
  const { may } = useAccess();
  const backend = useBackend();
  const enabled = token.status !== TokenStatus.disabled;
  const buttons: Record<RowAction, ReactNode> = {
    edit: (
      <Button variant="default" leftSection={<IconEdit />} onClick={() => handlers.onEdit(token)}>
        {t('details.edit')}
      </Button>
    ),
    toggle: (
      <Button
        variant="default"
        leftSection={<IconPower />}
        onClick={() => handlers.onToggle(token)}
      >
        {t(enabled ? 'action.disable' : 'action.enable')}
      </Button>
    ),
    copyKey: (
      <Button
        variant="default"
        leftSection={<IconCopy />}
        onClick={() => handlers.onCopyKey(token)}
        // The lifecycle section says why a server keeps no whole key.
        disabled={backend.unavailable.includes('reveal')}
        aria-describedby={backend.unavailable.includes('reveal') ? 'reveal-missing' : undefined}
      >
        {t('action.copyKey')}
      </Button>
    ),
    delete: (
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash />}
        onClick={() => handlers.onDelete(token)}
      >
        {t('details.delete')}
      </Button>
    ),
  };
  const rotate = may('tokens.rotate') && (
    <Button
      variant="default"
      leftSection={<IconKey />}
      onClick={onRotate}
      disabled={!backend.rotate}
      // The lifecycle section says why a server has no rotation.
      aria-describedby={rotateMissingId(backend)}
    >
      {t('details.rotate')}
    </Button>
  );
  const allowed = allowedRowActions(may);
  if (allowed.length === 0 && !rotate) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('action.rowActions', { name: token.name })}>
      {allowed
        .filter((action) => action !== 'delete')
        .map((action) => (
          <Fragment key={action}>{buttons[action]}</Fragment>
        ))}
      {rotate}
      {allowed.includes('delete') && buttons.delete}
    </Group>
  );
}
