import {
  Checkbox,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { WebhooksAccess } from '../../../api/backend';
import { TOKEN_EVENT_TYPES, type Webhook, type WebhookCreate } from '../../../contract/webhook';
import { describeError } from '../../../components/describe-error';
import { DialogButtons } from '../../../components/dialog-buttons';
import { ErrorAlert } from '../../../components/error-alert';
import { EVENT_TYPE_WORDS } from '../../../components/event-type-words';
import { useI18n } from '../../../components/i18n';
import { ModalForm } from '../../../components/modal-form';
import { useSaveWebhook } from './api/save-webhook';
import { webhookFormResolver, webhookFormValues, type WebhookFormValues } from './webhook-form';

/** Adds an endpoint, or changes one: where, what it is for, how, which events, on or off. */
export function WebhookFormModal({
  webhooks,
  webhook,
  onClose,
  onSaved,
}: {
  webhooks: WebhooksAccess;
  /** The endpoint to change; none to add one. */
  webhook?: Webhook;
  onClose: () => void;
  onSaved: (saved: Webhook) => void;
}) {
  const { t } = useI18n();
  const save = useSaveWebhook(webhooks);
  const resolver = useMemo(() => webhookFormResolver(t), [t]);
  const form = useForm<WebhookFormValues, unknown, WebhookCreate>({
    resolver,
    defaultValues: webhookFormValues(webhook),
  });
  const all = useWatch({ control: form.control, name: 'all' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(webhook ? { id: webhook.id, ...values } : values));
    } catch (error) {
      form.setError('root', { type: 'server', message: describeError(error, t) });
    }
  });

  return (
    <ModalForm
      title={t(webhook ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('webhooks.url')}
        description={t('webhooks.urlHint')}
        placeholder="https://hooks.example.com/tokendesk"
        inputMode="url"
        required
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextInput
        label={t('webhooks.description')}
        placeholder={t('webhooks.descriptionPlaceholder')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Stack gap={6}>
        <Input.Label labelElement="div" id="webhook-format-label">
          {t('webhooks.format')}
        </Input.Label>
        <Controller
          control={form.control}
          name="format"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="webhook-format-label"
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: 'standard', label: t('webhooks.formatStandard') },
                { value: 'slack', label: t('webhooks.formatSlack') },
              ]}
            />
          )}
        />
      </Stack>
      <Controller
        control={form.control}
        name="all"
        render={({ field }) => (
          <Checkbox
            label={t('webhooks.allEvents')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      {!all && (
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label={t('webhooks.events')}
              value={field.value}
              onChange={field.onChange}
              error={errors.events?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {TOKEN_EVENT_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(EVENT_TYPE_WORDS[type])}
                    description={type}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
      )}
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={t('webhooks.enabled')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      {errors.root && <ErrorAlert>{errors.root.message}</ErrorAlert>}
      <DialogButtons
        confirmLabel={t(webhook ? 'webhooks.save' : 'webhooks.add')}
        onCancel={onClose}
        busy={isSubmitting}
      />
    </ModalForm>
  );
}
