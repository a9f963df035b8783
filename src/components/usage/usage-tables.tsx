import { Table, Text } from '@mantine/core';
import type { UsageFigures } from '../../contract/usage';
import { numberFormat } from '../../lib/intl-cache';
import type { UsagePoint } from '../../lib/usage-points';
import { useI18n } from '../i18n';
import { QuotaAmount } from '../quota';

/** Spending by model, largest first. */
export function ByModelTable({ rows }: { rows: UsageFigures['by_model'] }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  if (rows.length === 0) return null;
  return (
    <Table striped verticalSpacing={6}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <Text span fw={600} size="sm">
          {t('usage.byModel')}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('usage.model')}</Table.Th>
          <Table.Th ta="end">{t('usage.requests')}</Table.Th>
          <Table.Th ta="end">{t('usage.spent')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.model}>
            <Table.Td>{row.model || t('usage.noModel')}</Table.Td>
            <Table.Td ta="end">{count.format(row.requests)}</Table.Td>
            <Table.Td ta="end">
              <QuotaAmount units={row.quota} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The chart's figures, bucket by bucket: what a screen reader or a careful reader uses. */
export function SeriesTable({
  points,
  deniedCounted,
}: {
  points: UsagePoint[];
  deniedCounted: boolean;
}) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  return (
    // Long ranges scroll within their own box, which the keyboard can reach and scroll too.
    <Table.ScrollContainer
      minWidth={280}
      maxHeight={320}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('usage.byPeriod') } }}
    >
      <Table striped stickyHeader verticalSpacing={4}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <Text span fw={600} size="sm">
            {t('usage.byPeriod')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('usage.when')}</Table.Th>
            <Table.Th ta="end">{t('usage.requests')}</Table.Th>
            <Table.Th ta="end">{t('usage.spent')}</Table.Th>
            {deniedCounted && <Table.Th ta="end">{t('usage.denied')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.time}>
              <Table.Td>{point.label}</Table.Td>
              <Table.Td ta="end">{count.format(point.requests)}</Table.Td>
              <Table.Td ta="end">
                <QuotaAmount units={point.quota} />
              </Table.Td>
              {deniedCounted && <Table.Td ta="end">{count.format(point.denied)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
