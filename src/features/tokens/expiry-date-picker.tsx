import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useI18n } from '../../components/i18n';
import { useDateTimePickerFormat } from '../../components/localized-dates';

/** The date and time a token stops working: in the future, to the minute. */
export function ExpiryDatePicker(props: Omit<DateTimePickerProps, 'label' | 'minDate'>) {
  const { t } = useI18n();
  const format = useDateTimePickerFormat();
  return (
    <DateTimePicker label={t('form.expiryDate')} minDate={new Date()} {...format} {...props} />
  );
}
