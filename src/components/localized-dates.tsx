import { DatesProvider } from '@mantine/dates';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
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
