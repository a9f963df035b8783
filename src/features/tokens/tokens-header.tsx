import '../../lib/i18n/en-signed-in';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { IconPlus } from '../../components/icons';
import { ScreenHeader } from '../../components/screen-header';
import type { ExportFilter } from './api/export-tokens';
import { ExportMenu } from './export-menu';

/**
 * The title with the count of tokens (or a note while the server is slow), the status strip,
 * Export and Create.
 */
export function TokensHeader({
  total,
  totalCapped,
  slow,
  exportFilter,
  onCreate,
  summary,
  phone,
}: {
  /** null where the server does not count. */
  total: number | null;
  /** More than `total` match: the server stopped counting there. */
  totalCapped: boolean;
  slow: boolean;
  exportFilter: ExportFilter;
  onCreate: () => void;
  /** The status strip, beside the title where there is room. */
  summary?: ReactNode;
  phone: boolean;
}) {
  const { t, locale } = useI18n();
  const { may } = useAccess();
  return (
    <ScreenHeader
      title={t('tokens.title')}
      // In the count's place, so waiting moves nothing on the page.
      beside={
        slow ? (
          <Group gap={6} wrap="nowrap" role="status">
            <Loader size={12} />
            <Text c="dimmed" size="sm">
              {t('tokens.slow')}
            </Text>
          </Group>
        ) : (
          total !== null && (
            <Text c="dimmed" size="sm">
              {totalCapped
                ? t('tokens.totalMore', { count: total.toLocaleString(locale) })
                : total === 1
                  ? t('tokens.totalOne')
                  : t('tokens.total', { count: total.toLocaleString(locale) })}
            </Text>
          )
        )
      }
      actions={
        <>
          <ExportMenu params={exportFilter} />
          {may('tokens.create') && (
            <Button leftSection={<IconPlus />} onClick={onCreate}>
              {t('tokens.create')}
            </Button>
          )}
        </>
      }
      middle={summary}
      // On a phone the buttons always take a line of their own: the count arriving moves nothing.
      stacked={phone}
    />
  );
}
