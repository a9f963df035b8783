import '../../lib/i18n/en-signed-in';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';

/** Long enough to notice what was done and take it back. */
const UNDO_MS = 8_000;

/**
 * The notes the tokens screen shows when something worked or did not. A success may offer to
 * undo it; a failure stays until it is closed, so that it is read.
 */
export function useNotify() {
  const { t } = useI18n();
  return useMemo(
    () => ({
      succeed: (message: string, undo?: () => void) => {
        if (!undo) return void notifications.show({ color: 'teal', message });
        const id = notifications.show({
          color: 'teal',
          autoClose: UNDO_MS,
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{message}</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  notifications.hide(id);
                  undo();
                }}
              >
                {t('action.undo')}
              </Button>
            </Group>
          ),
        });
      },
      fail: (error: unknown, title: string = t('notify.failed')) =>
        notifications.show({
          color: 'red',
          title,
          message: describeError(error, t),
          autoClose: false,
        }),
    }),
    [t],
  );
}
