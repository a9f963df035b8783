import './part-styles';
import { Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form in a dialog, its fields one under another. The browser's own checks are off: the
 * form's schema says what is wrong, under each field.
 */
export function ModalForm({
  title,
  size,
  fullScreen,
  onClose,
  onSubmit,
  children,
}: Pick<ModalProps, 'size' | 'fullScreen'> & {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} fullScreen={fullScreen}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
      </form>
    </Modal>
  );
}
