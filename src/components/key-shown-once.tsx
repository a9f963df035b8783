import '../lib/i18n/en-parts';
import './part-styles';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from './i18n';
import { IconAlert } from './icons';

/**
 * A dialog showing new keys whole, this once: a warning to copy them now, the keys, then the
 * dialog's own actions and Done. A click outside does not close it: the keys would be lost.
 */
export function KeyShownOnce({
  title,
  warning,
  actions,
  onClose,
  children,
}: {
  title: string;
  /** Where no key is shown, none is given. */
  warning?: string;
  /** Before Done: Copy, a download. */
  actions: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        {warning && (
          <Alert color="yellow" variant="light" icon={<IconAlert />}>
            {warning}
          </Alert>
        )}
        {children}
        <Group justify="flex-end" gap="sm" align="flex-start">
          {actions}
          <Button variant="default" onClick={onClose}>
            {t('newKey.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
