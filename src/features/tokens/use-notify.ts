import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';

/** The notes the tokens screen shows when something worked or did not. */
export function useNotify() {
  const { t } = useI18n();
  return useMemo(
    () => ({
      succeed: (message: string) => notifications.show({ color: 'teal', message }),
      fail: (error: unknown, title: string = t('notify.failed')) =>
        notifications.show({ color: 'red', title, message: describeError(error, t) }),
    }),
    [t],
  );
}
