import '../../lib/i18n/en-parts';
import { NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminKeysAccess } from '../../api/backend';
import type { AdminKey } from '../../contract/admin-key';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { ModalForm } from '../../components/modal-form';
import { NameInput } from '../../components/name-input';
import {
  adminKeyFormResolver,
  OFFERED_ROLES,
  type AdminKeyFormResult,
  type AdminKeyFormValues,
} from './admin-key-form';
import { useCreateAdminKey } from './api/create-admin-key';

/** A name and a role; under the role, what a key with it may do. */
export function CreateAdminKeyModal({
  adminKeys,
  onClose,
  onCreated,
}: {
  adminKeys: AdminKeysAccess;
  onClose: () => void;
  onCreated: (key: AdminKey) => void;
}) {
  const { t } = useI18n();
  const create = useCreateAdminKey(adminKeys);
  const resolver = useMemo(() => adminKeyFormResolver(t), [t]);
  const form = useForm<AdminKeyFormValues, unknown, AdminKeyFormResult>({
    resolver,
    defaultValues: { name: '', role: OFFERED_ROLES[0] },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      form.setError('root', { type: 'server', message: describeError(error, t) });
    }
  });

  return (
    <ModalForm title={t('adminKeys.createTitle')} onClose={onClose} onSubmit={submit}>
      <NameInput
        label={t('adminKeys.name')}
        placeholder={t('adminKeys.namePlaceholder')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <NativeSelect
        label={t('adminKeys.role')}
        description={t(`role.may.${role}`)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={OFFERED_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
        {...form.register('role')}
      />
      {errors.root && <ErrorAlert>{errors.root.message}</ErrorAlert>}
      <DialogButtons confirmLabel={t('adminKeys.create')} onCancel={onClose} busy={isSubmitting} />
    </ModalForm>
  );
}
