import { Group, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ModelsAccess } from '../../api/backend';
import type { Model } from '../../contract/model';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { Disclosure } from '../../components/disclosure';
import { ErrorAlert } from '../../components/error-alert';
import { FormModal } from '../../components/form-modal';
import { FormSwitch } from '../../components/form-switch';
import { useI18n } from '../../components/i18n';
import { NameInput } from '../../components/name-input';
import { useCreateModel } from './api/create-model';
import { useUpdateModel } from './api/update-model';
import {
  defaultModelFormValues,
  hasAdvancedSettings,
  formFieldOfModelRefusal,
  isNameTaken,
  modelFormResolver,
  type ModelFormResult,
  type ModelFormValues,
} from './model-form';
import { PriceInput } from './price-input';
import { UpstreamKeyField } from './upstream-key-field';

export interface ModelFormModalProps {
  models: ModelsAccess;
  /** null creates a new model. */
  model: Model | null;
  onClose: () => void;
  onSaved: (model: Model, created: boolean) => void;
}

/**
 * Creates or edits a model. Everything is checked with the contract's own schemas before it is
 * sent, each problem under its field; a refusal of the server (a name another model has) is
 * shown the same way, and what was typed stays.
 */
export default function ModelFormModal({ models, model, onClose, onSaved }: ModelFormModalProps) {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const create = useCreateModel(models);
  const update = useUpdateModel(models);
  const resolver = useMemo(() => modelFormResolver(model, t), [model, t]);
  const form = useForm<ModelFormValues, unknown, ModelFormResult>({
    resolver,
    defaultValues: defaultModelFormValues(model),
  });
  const { errors, isSubmitting } = form.formState;
  // Open from the start where the model's advanced fields are not the defaults.
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvancedSettings(model));
  // A problem found there is never hidden.
  const advancedError = Boolean(
    errors.upstream_model || errors.cached_input_price || errors.max_output_tokens,
  );

  const submit = form.handleSubmit(async (result) => {
    try {
      const saved =
        result.kind === 'create'
          ? await create.mutateAsync(result.body)
          : await update.mutateAsync(result.body);
      onSaved(saved, result.kind === 'create');
    } catch (error) {
      if (isNameTaken(error)) {
        const message = t('models.err.nameTaken');
        form.setError('name', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      const field = formFieldOfModelRefusal(error);
      const message = describeError(error, t);
      if (field) form.setError(field, { type: 'server', message });
      form.setError('root', { type: 'server', message });
    }
  });

  return (
    <FormModal
      form={form}
      title={model ? t('models.editTitle', { name: model.name }) : t('models.createTitle')}
      onClose={onClose}
      onSubmit={submit}
    >
      <NameInput
        label={t('models.name')}
        description={t('models.nameHint')}
        error={errors.name?.message}
        autoComplete="off"
        spellCheck={false}
        {...form.register('name')}
      />
      <TextInput
        withAsterisk
        label={t('models.upstreamUrl')}
        description={t('models.upstreamUrlHint')}
        placeholder="https://api.openai.com/v1"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        error={errors.upstream_url?.message}
        {...form.register('upstream_url')}
      />
      <UpstreamKeyField loaded={model} />
      <Group grow align="flex-start" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <PriceInput name="input_price" label={t('models.inputPrice')} />
        <PriceInput name="output_price" label={t('models.outputPrice')} />
      </Group>
      <Disclosure
        id="model-form-advanced"
        label={t('models.advanced')}
        opened={advancedOpen || advancedError}
        onToggle={() => setAdvancedOpen((open) => !open)}
      >
        <TextInput
          label={t('models.upstreamModel')}
          description={t('models.upstreamModelHint')}
          autoComplete="off"
          spellCheck={false}
          error={errors.upstream_model?.message}
          {...form.register('upstream_model')}
        />
        <TextInput
          label={t('models.cachedInputPrice')}
          description={t('models.cachedInputPriceHint')}
          inputMode="decimal"
          leftSection="$"
          error={errors.cached_input_price?.message}
          {...form.register('cached_input_price')}
        />
        <TextInput
          label={t('models.maxOutputTokens')}
          description={t('models.maxOutputTokensHint')}
          inputMode="numeric"
          error={errors.max_output_tokens?.message}
          {...form.register('max_output_tokens')}
        />
        <FormSwitch
          control={form.control}
          name="stream_usage"
          label={t('models.streamUsage')}
          description={t('models.streamUsageHint')}
        />
      </Disclosure>
      <FormSwitch
        control={form.control}
        name="enabled"
        label={t('models.enabled')}
        description={t('models.enabledHint')}
      />
      {errors.root && <ErrorAlert>{errors.root.message}</ErrorAlert>}
      <DialogButtons
        confirmLabel={model ? t('models.save') : t('models.create')}
        onCancel={onClose}
        busy={isSubmitting}
      />
    </FormModal>
  );
}
