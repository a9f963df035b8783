import '../../lib/i18n/en-parts';
import { Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useI18n } from '../../components/i18n';
import { ScreenHeader } from '../../components/screen-header';
import { UsagePanel } from '../../components/usage/usage-panel';
import { TopTokens } from './top-tokens';

/** The whole gateway's spending over a chosen range, and the tokens that spent most. */
export default function UsageScreen() {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md">
      <ScreenHeader title={t('usage.title')} intro={t('usage.intro')} />
      <Paper withBorder={!phone} radius="md" p={phone ? 0 : 'md'}>
        <UsagePanel scope={null} chartHeight={phone ? 200 : 280}>
          {(view) => view.figures.top_tokens && <TopTokens rows={view.figures.top_tokens} />}
        </UsagePanel>
      </Paper>
    </Stack>
  );
}
