import { useMediaQuery } from '@mantine/hooks';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ModalForm } from './modal-form';

/**
 * A dialog around a long form: large, and the whole screen on a phone, where a form that scrolls
 * inside a floating window is hard to use. Its fields reach the form through its context.
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
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <FormProvider {...form}>
      <ModalForm title={title} size="lg" fullScreen={phone} onClose={onClose} onSubmit={onSubmit}>
        {children}
      </ModalForm>
    </FormProvider>
  );
}
