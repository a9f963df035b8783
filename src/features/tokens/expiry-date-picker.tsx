import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Checkbox, Stack, type MantineSpacing } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useI18n } from '../../components/i18n';
import { useDateTimePickerFormat } from '../../components/localized-dates';
import { useNow } from '../../components/use-now';
import { formatRelative, formatTime } from '../../lib/time';
import { pickerToSeconds, SOON, type ExpiryValues } from './expiry';

/**
 * The date and time a token stops working, to the minute, in the form it is drawn in. A day
 * picked alone ends at 23:59: the picker would otherwise take today at the minute it was picked,
 * and the token would stop working a minute later. A time less than an hour away is taken only
 * once confirmed, with a box that says when it is.
 */
export function ExpiryDatePicker({ mt }: { mt?: MantineSpacing }) {
  const { t, locale } = useI18n();
  const now = useNow(10_000);
  const format = useDateTimePickerFormat();
  const { control, register, setValue } = useFormContext<ExpiryValues>();
  const { errors } = useFormState({ control, name: ['expiryDate', 'soonConfirmed'] });
  const date = useWatch({ control, name: 'expiryDate' });
  const seconds = date ? pickerToSeconds(date) : Number.NaN;
  const soon =
    Number.isFinite(seconds) &&
    ((seconds > now && seconds - now < SOON) || errors.soonConfirmed !== undefined);

  return (
    <Stack gap="xs" mt={mt}>
      <Controller
        control={control}
        name="expiryDate"
        render={({ field }) => (
          <DateTimePicker
            label={t('form.expiryDate')}
            description={t('form.expiryDateHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            minDate={new Date()}
            {...format}
            defaultTimeValue="23:59"
            submitButtonProps={{ 'aria-label': t('form.expiryDateSet') }}
            clearable
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              // A confirmation is for the time it named.
              setValue('soonConfirmed', false);
            }}
            error={errors.expiryDate?.message}
          />
        )}
      />
      {soon && (
        <Checkbox
          color="orange"
          label={t('form.expirySoon', {
            relative: formatRelative(seconds, now, locale),
            time: formatTime(seconds, locale),
          })}
          error={errors.soonConfirmed?.message}
          {...register('soonConfirmed')}
        />
      )}
    </Stack>
  );
}
