import '../../lib/i18n/en-signed-in';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect } from 'react';
import { useBackend } from '../../api/backend-context';
import { useAccess } from '../../components/access';
import { ControlFirst } from '../../components/control-first';
import { useI18n } from '../../components/i18n';
import { partAhead } from '../../components/lazy-boundary';
import type { BulkKind } from './bulk-dialog';

const bulkUpdateMenu = partAhead(() => import('./bulk-update-menu').then((part) => part.default));

/** Above the page's foot, and above the navigation along a phone's. */
const BOTTOM = 'calc(var(--app-footer-height) + var(--mantine-spacing-md))';

/**
 * Appears while tokens are selected: what can be done to all of them at once. It floats at the
 * foot of the window, so ticking a box moves no row (the next click lands where it was aimed) and
 * the bar stays at hand however far the list is scrolled. It comes after the filters in the page's
 * order, as before the rows, for the keyboard.
 */
export function BulkBar({
  count,
  onAction,
  onClear,
}: {
  count: number;
  onAction: (kind: BulkKind) => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const { lifecycleMissing } = useBackend();
  const { may } = useAccess();
  const update = may('tokens.update');
  const { ref, height } = useElementSize();
  // The room the bar takes at the window's foot, kept free below the list and under notifications.
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--floating-bar-room', `${height + 16}px`);
    return () => {
      root.removeProperty('--floating-bar-room');
    };
  }, [height]);
  return (
    <Affix
      withinPortal={false}
      zIndex={150}
      position={{ bottom: BOTTOM, left: '50%' }}
      style={{ translate: '-50% 0', width: 'max-content', maxWidth: 'calc(100% - 24px)' }}
    >
      <Paper
        ref={ref}
        withBorder
        shadow="md"
        radius="md"
        p="xs"
        style={{ borderColor: 'var(--mantine-primary-color-filled)' }}
        role="region"
        aria-label={t('bulk.region')}
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} px="xs" aria-live="polite">
            {t('bulk.selected', { count })}
          </Text>
          <Group gap={6}>
            {update && (
              <Button size="xs" variant="default" onClick={() => onAction('enable')}>
                {t('action.enable')}
              </Button>
            )}
            {update && (
              <Button size="xs" variant="default" onClick={() => onAction('disable')}>
                {t('action.disable')}
              </Button>
            )}
            {update && <UpdateMenu onAction={onAction} lifecycleMissing={lifecycleMissing} />}
            {may('tokens.delete') && (
              <Button size="xs" color="red" variant="light" onClick={() => onAction('delete')}>
                {t('action.delete')}
              </Button>
            )}
            <Button size="xs" variant="subtle" onClick={onClear}>
              {t('bulk.clear')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
}

/** The changes of quota, expiry, refills and limits, which take a form each. */
function UpdateMenu({
  onAction,
  lifecycleMissing,
}: {
  onAction: (kind: BulkKind) => void;
  lifecycleMissing: 'gateway' | null;
}) {
  const { t } = useI18n();
  return (
    <ControlFirst
      opens="menu"
      control={
        <Button size="xs" variant="default">
          {t('bulk.more')}
        </Button>
      }
      part={bulkUpdateMenu}
      props={{ onAction, lifecycleMissing }}
    />
  );
}
