import '../../lib/i18n/en-parts';
import '../part-styles';
import { Table } from '@mantine/core';
import type { UsageFigures } from '../../contract/usage';
import { numberFormat } from '../../lib/intl-cache';
import type { UsagePoint } from '../../lib/usage-points';
import { useI18n } from '../i18n';
import { QuotaAmount } from '../quota';
import { FiguresTable } from './figures-table';

/** Spending by model, largest first, with the tokens each took in and gave out. */
export function ByModelTable({ rows }: { rows: UsageFigures['by_model'] }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  if (rows.length === 0) return null;
  return (
    // On a phone the columns scroll sideways within their own box, which the keyboard reaches.
    <Table.ScrollContainer
      minWidth={440}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('usage.byModel') } }}
    >
      <FiguresTable
        caption={t('usage.byModel')}
        verticalSpacing={6}
        head={[
          t('usage.model'),
          t('usage.requests'),
          t('usage.spent'),
          t('usage.inputTokens'),
          t('usage.outputTokens'),
        ]}
        rows={rows.map((row) => ({
          key: row.model,
          cells: [
            row.model || t('usage.noModel'),
            count.format(row.requests),
            <QuotaAmount key="quota" units={row.quota} />,
            count.format(row.prompt_tokens),
            count.format(row.completion_tokens),
          ],
        }))}
      />
    </Table.ScrollContainer>
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
  const denied = (value: string | number) => (deniedCounted ? [value] : []);
  return (
    // Long ranges scroll within their own box, which the keyboard can reach and scroll too.
    <Table.ScrollContainer
      minWidth={440}
      maxHeight={320}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('usage.byPeriod') } }}
    >
      <FiguresTable
        caption={t('usage.byPeriod')}
        stickyHeader
        verticalSpacing={4}
        head={[
          t('usage.when'),
          t('usage.requests'),
          t('usage.spent'),
          t('usage.inputTokens'),
          t('usage.outputTokens'),
          ...denied(t('usage.denied')),
        ]}
        rows={points.map((point) => ({
          key: point.time,
          cells: [
            point.partial ? t('usage.soFar', { when: point.label }) : point.label,
            count.format(point.requests),
            <QuotaAmount key="quota" units={point.quota} />,
            count.format(point.prompt_tokens),
            count.format(point.completion_tokens),
            ...denied(count.format(point.denied)),
          ],
        }))}
      />
    </Table.ScrollContainer>
  );
}
