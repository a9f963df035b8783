import { DatesProvider, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { formatDateTime, usesTwelveHours } from '../lib/time';
import { useI18n } from './i18n';

/** Date pickers speak the interface's language (month and weekday names, first day of week). */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  return (
    <DatesProvider settings={{ locale: language === 'zh-CN' ? 'zh-cn' : 'en' }}>
      {children}
    </DatesProvider>
  );
}

/**
 * A date and time picker writes its value as every other time on the screen is written, and
 * picks hours 12 or 24 the same way.
 */
export function useDateTimePickerFormat(): Pick<
  DateTimePickerProps,
  'valueFormat' | 'timePickerProps'
> {
  const { locale } = useI18n();
  return {
    // The picker's value is its local date and time, "2026-11-21 13:45:00".
    valueFormat: (value) => formatDateTime(dayjs(value).unix(), locale),
    timePickerProps: { format: usesTwelveHours(locale) ? '12h' : '24h' },
  };
}
