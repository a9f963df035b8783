import { Center, Loader } from '@mantine/core';
import { useI18n } from './i18n';

/** What the page shows while the app's code or the session's first answer is on its way. */
export function AppLoading() {
  const { t } = useI18n();
  return (
    // On a signed-in reload the frame index.html paints stands in for it (see index.html).
    <Center mih="100dvh" className="app-loading">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
