import '../../lib/i18n/en-parts';
import { TextInput } from '@mantine/core';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { RPM_MAX } from '../../contract/rate-limit';
import { ChipChoice } from '../../components/chip-choice';
import { useI18n } from '../../components/i18n';
import { numberFormat } from '../../lib/intl-cache';
import {
  BULK_RATE_LIMITS,
  RATE_LIMIT_LABELS,
  type BulkRateLimit,
  type LifecycleFormFields,
} from './lifecycle-form';

/**
 * Requests per minute. In the token form, empty is no limit; bulk edit first asks whether to
 * keep each token's limit, take it away or set one, and asks for the number only for the last.
 */
export function RateLimitField({ id, disabled }: { id: string; disabled: boolean }) {
  const { t, locale } = useI18n();
  const form = useFormContext<LifecycleFormFields>();
  const { errors } = useFormState({ control: form.control, name: 'rpm' });
  const rateLimit = useWatch({ control: form.control, name: 'rateLimit' });
  const max = numberFormat(locale, {}).format(RPM_MAX);
  const input = (
    <TextInput
      id={id}
      label={t('lifecycle.rpm')}
      inputMode="numeric"
      placeholder={rateLimit === undefined ? t('lifecycle.rpmPlaceholder') : undefined}
      description={
        disabled
          ? t('lifecycle.gateway')
          : t(rateLimit === undefined ? 'lifecycle.rpmHint' : 'lifecycle.rpmLimitHint', { max })
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      disabled={disabled}
      error={errors.rpm?.message}
      mt={rateLimit === undefined ? undefined : 'xs'}
      {...form.register('rpm')}
    />
  );
  if (rateLimit === undefined) return input;
  return (
    <ChipChoice
      name={`${id}-choice`}
      label={t('lifecycle.rateLimit')}
      value={rateLimit}
      onChange={(choice: BulkRateLimit) => form.setValue('rateLimit', choice)}
      choices={BULK_RATE_LIMITS.map((choice) => ({
        value: choice,
        label: t(RATE_LIMIT_LABELS[choice]),
      }))}
      disabled={disabled}
    >
      {rateLimit === 'limit' && input}
    </ChipChoice>
  );
}
