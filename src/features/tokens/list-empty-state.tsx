import '../../lib/i18n/en-signed-in';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { IconKey, IconPlus } from '../../components/icons';

/**
 * In the table's place when the first page is empty: nothing matches the filters, or there is
 * no token yet.
 */
export function ListEmptyState({
  filtered,
  onClearFilters,
  onCreate,
}: {
  filtered: boolean;
  onClearFilters: () => void;
  onCreate: () => void;
}) {
  const { t } = useI18n();
  const { may } = useAccess();
  if (filtered) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="md">
          <Title order={2} size="h4">
            {t('tokens.noMatchTitle')}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {t('tokens.noMatchBody')}
          </Text>
          <Button variant="default" onClick={onClearFilters}>
            {t('tokens.clearFilters')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconKey width={24} height={24} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('tokens.emptyTitle')}
        </Title>
        <Text c="dimmed" size="sm" ta="center" maw={360}>
          {t('tokens.emptyBody')}
        </Text>
        {may('tokens.create') && (
          <Button leftSection={<IconPlus />} onClick={onCreate}>
            {t('tokens.emptyAction')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
