import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/errors';
import { AdminKeysSection } from './admin-keys-section';
import { LazyBoundary, lazyPart } from '../../components/lazy-boundary';
import { useSetQuotaPerUnit } from './api/set-quota-per-unit';
import { quotaPerUnitSchema } from '../../contract/status';
import { describeError } from '../../components/describe-error';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';
import { useQuota } from '../../components/quota';
import { formatUsd, parseAmount, type QuotaDisplay } from '../../lib/quota';

/** Its own part: fetched when the settings open, not with the token list. */
const WebhooksSection = lazyPart(() => import('./webhooks/webhooks-section'));

const ratioFormSchema = z.object({
  ratio: z
    .string()
    .transform((text) => parseAmount(text))
    .pipe(quotaPerUnitSchema),
});
type RatioFormInput = z.input<typeof ratioFormSchema>;
type RatioFormOutput = z.output<typeof ratioFormSchema>;

export default function SettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t, locale } = useI18n();
  const { may } = useAccess();
  const quota = useQuota();
  const saveRatio = useSetQuotaPerUnit();
  const queryClient = useQueryClient();
  // A server that keeps money in USD (LiteLLM) is shown in units through this browser's ratio:
  // every figure is read again in the new one.
  const keepLocalRatio = (ratio: number | null) => {
    quota.setLocalRatio(ratio);
    void queryClient.invalidateQueries();
  };
  const form = useForm<RatioFormInput, unknown, RatioFormOutput>({
    resolver: zodResolver(ratioFormSchema),
    defaultValues: { ratio: String(quota.quotaPerUnit) },
  });
  const { errors, isSubmitting } = form.formState;
  // The example follows the ratio as it is typed, and shows no figure while the text is none.
  const typed = ratioFormSchema.safeParse({
    ratio: useWatch({ control: form.control, name: 'ratio' }),
  });
  const example = typed.success ? formatUsd(1_000_000, typed.data.ratio, locale) : '—';

  const submit = form.handleSubmit(async ({ ratio }) => {
    try {
      await saveRatio.mutateAsync(ratio);
      quota.setLocalRatio(null);
      notifications.show({ color: 'teal', message: t('notify.settingsSaved') });
    } catch (error) {
      // A server that refuses the option (no permission, no such route) still gets the ratio
      // in this browser; an unreachable one gets nothing, so a later retry is not confused.
      if (isApiError(error) && error.kind === 'rejected') {
        keepLocalRatio(ratio);
        notifications.show({ color: 'yellow', message: t('settings.ratioSourceLocal') });
      } else {
        form.setError('root', { message: describeError(error, t) });
      }
    }
  });

  const sourceText = {
    server: t('settings.ratioSourceServer'),
    local: t('settings.ratioSourceLocal'),
    default: t('settings.ratioSourceDefault'),
  }[quota.source];

  return (
    <Drawer opened onClose={onClose} title={t('settings.title')} position="right">
      <Stack gap="xl">
        {may('options.update') && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('settings.ratio')}
                description={t('settings.ratioHint')}
                inputMode="decimal"
                error={errors.ratio ? t('settings.ratioInvalid') : undefined}
                {...form.register('ratio')}
              />
              <Group gap="xs">
                {quota.source === 'local' && (
                  <Badge color="yellow" variant="dot">
                    {t('settings.ratioLocalBadge')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {sourceText}
                </Text>
              </Group>
              <Text size="sm">{t('settings.example', { value: example })}</Text>
              {errors.root && (
                <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                  {errors.root.message}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" loading={isSubmitting}>
                  {t('settings.ratioSave')}
                </Button>
                {quota.source === 'local' && (
                  <Button
                    variant="default"
                    onClick={() => {
                      keepLocalRatio(null);
                      form.reset({ ratio: String(quota.serverRatio ?? quota.quotaPerUnit) });
                    }}
                  >
                    {t('settings.ratioReset')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
        <Stack gap={6}>
          <Input.Label labelElement="div" id="display-label">
            {t('settings.display')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby="display-label"
            value={quota.display}
            onChange={(value) => quota.setDisplay(value as QuotaDisplay)}
            data={[
              { value: 'usd', label: t('settings.displayUsd') },
              { value: 'units', label: t('settings.displayUnits') },
              { value: 'both', label: t('settings.displayBoth') },
            ]}
          />
        </Stack>
        {may('admin_keys.manage') && <AdminKeysSection />}
        {may('webhooks.read') && (
          <LazyBoundary>
            <WebhooksSection />
          </LazyBoundary>
        )}
      </Stack>
    </Drawer>
  );
}
