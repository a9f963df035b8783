import '../lib/i18n/en-parts';
import { Button, Group } from '@mantine/core';
import classes from './dialog-buttons.module.css';
import { useI18n } from './i18n';

/**
 * A dialog's last row: Cancel, then the button that does what the dialog is for. It stays in
 * view while the dialog's fields scroll.
 */
export function DialogButtons({
  confirmLabel,
  onCancel,
  onConfirm,
  busy = false,
  cancelDisabled = false,
  danger = false,
  focusCancel = false,
}: {
  confirmLabel: string;
  onCancel: () => void;
  /** Without it, the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  /** While the action runs, the confirming button spins. */
  busy?: boolean;
  cancelDisabled?: boolean;
  danger?: boolean;
  /** For an action that cannot be undone, the safe choice takes the focus first. */
  focusCancel?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Group justify="flex-end" gap="sm" className={classes.footer}>
      <Button
        variant="default"
        onClick={onCancel}
        disabled={cancelDisabled}
        data-autofocus={focusCancel || undefined}
      >
        {t('action.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={danger ? 'red' : undefined}
        loading={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
