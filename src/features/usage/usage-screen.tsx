import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useI18n } from '../../components/i18n';
import { UsagePanel } from '../../components/usage/usage-panel';
import { TopTokens } from './top-tokens';

/** The whole gateway's spending over a chosen range, and the tokens that spent most. */
export default function UsageScreen() {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('usage.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('usage.intro')}
          </Text>
        </div>
      </Group>
      <Paper withBorder={!phone} radius="md" p={phone ? 0 : 'md'}>
        <UsagePanel scope={null} chartHeight={phone ? 200 : 280}>
          {(view) => view.figures.top_tokens && <TopTokens rows={view.figures.top_tokens} />}
        </UsagePanel>
      </Paper>
    </Stack>
  );
}
