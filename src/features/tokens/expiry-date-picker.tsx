import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useI18n } from '../../components/i18n';

/** The date and time a token stops working: in the future, to the minute. */
export function ExpiryDatePicker(props: Omit<DateTimePickerProps, 'label' | 'minDate'>) {
  const { t } = useI18n();
  return (
    <DateTimePicker
      label={t('form.expiryDate')}
      minDate={new Date()}
      valueFormat="YYYY-MM-DD HH:mm"
      {...props}
    />
  );
}
