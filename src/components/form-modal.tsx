import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useI18n } from './i18n';

/**
 * A dialog around a long form: large, and the whole screen on a phone, where a form that scrolls
 * inside a floating window is hard to use. Its fields reach the form through its context; the
 * browser's own checks are off, as the form's schema says what is wrong, under each field.
 */
export function FormModal<Values extends FieldValues, Result>({
  form,
  title,
  onClose,
  onSubmit,
  children,
}: {
  form: UseFormReturn<Values, unknown, Result>;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">{children}</Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
