import '../../lib/i18n/en-parts';
import {
  Alert,
  Group,
  Loader,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type ReactNode } from 'react';
import type { UsageScope, UsageView } from '../../api/backend';
import { numberFormat } from '../../lib/intl-cache';
import { formatUsd } from '../../lib/quota';
import { usageIsEmpty, usagePoints } from '../../lib/usage-points';
import { useAddressParam } from '../address';
import { describeError } from '../describe-error';
import { Disclosure } from '../disclosure';
import { ErrorAlert } from '../error-alert';
import { useI18n } from '../i18n';
import { LazyBoundary, lazyPart } from '../lazy-boundary';
import { useQuota } from '../quota';
import {
  CHART_MEASURE_LABELS,
  CHART_MEASURES,
  DEFAULT_CHART_MEASURE,
  isChartMeasure,
} from './chart-measures';
import { ByModelTable, SeriesTable } from './usage-tables';
import { UsageTotals } from './usage-totals';
import { DEFAULT_USAGE_RANGE, isUsageRange, USAGE_RANGE_CHOICES } from './usage-ranges';
import { useUsage } from './use-usage';

const UsageChart = lazyPart(() => import('./usage-chart'));

/** Where the figures came from, on servers that keep only logs of what was spent. */
function LogsNote({ logs }: { logs: NonNullable<UsageView['logs']> }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  if (logs.partial) {
    const values = { read: count.format(logs.read), bound: count.format(logs.bound) };
    // Short of the bound, the server's own rate limit stopped the reading.
    return (
      <Alert color="yellow" variant="light" title={t('usage.partialTitle')}>
        {t(logs.read < logs.bound ? 'usage.partialLimited' : 'usage.partialBody', values)}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('usage.fromLogs', { read: count.format(logs.read) })}
    </Text>
  );
}

/**
 * What a token, or the whole gateway, spent over a chosen range: totals, a chart with its
 * figures as a table, and spending by model. `children` draws more from the same figures.
 */
export function UsagePanel({
  scope,
  children,
  chartHeight = 220,
}: {
  scope: UsageScope;
  children?: (view: UsageView) => ReactNode;
  chartHeight?: number;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const [rangeParam, setRange] = useAddressParam('range');
  const choice = isUsageRange(rangeParam) ? rangeParam : DEFAULT_USAGE_RANGE;
  const [measureParam, setMeasure] = useAddressParam('chart');
  const measure = isChartMeasure(measureParam) ? measureParam : DEFAULT_CHART_MEASURE;
  const { query, progress } = useUsage(scope, choice);
  const [tableShown, setTableShown] = useState(false);
  const view = query.data;
  const points = view ? usagePoints(view.figures, quotaPerUnit, locale) : [];
  const busiest = points.reduce<(typeof points)[number] | null>(
    (best, point) => (best === null || point.quota > best.quota ? point : best),
    null,
  );

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('usage.range')}
        value={choice}
        // A new range replaces the entry: Back leaves the screen, not the last range tried.
        onChange={(value) =>
          setRange(value === DEFAULT_USAGE_RANGE ? null : value, { replace: true })
        }
        data={USAGE_RANGE_CHOICES.map((value) => ({ value, label: t(`usage.range.${value}`) }))}
        fullWidth
      />
      {query.isFetching && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {progress === null
              ? t('usage.loading')
              : t('usage.readingLogs', { read: numberFormat(locale).format(progress) })}
          </Text>
        </Group>
      )}
      {query.isError && (
        <ErrorAlert title={t('usage.failed')}>{describeError(query.error, t)}</ErrorAlert>
      )}
      {!view && query.isPending && <Skeleton h={chartHeight} radius="md" />}
      {view && (
        <>
          {view.logs && <LogsNote logs={view.logs} />}
          <UsageTotals totals={view.figures.totals} deniedCounted={view.deniedCounted} />
          {usageIsEmpty(view.figures) ? (
            <Text c="dimmed" size="sm">
              {t('usage.empty')}
            </Text>
          ) : (
            <>
              <VisuallyHidden>
                {t('usage.summary', {
                  buckets: points.length,
                  spent: formatUsd(view.figures.totals.quota, quotaPerUnit, locale),
                  requests: numberFormat(locale).format(view.figures.totals.requests),
                  busiest: busiest?.label ?? '',
                })}
              </VisuallyHidden>
              <SegmentedControl
                aria-label={t('usage.chart')}
                size="xs"
                style={{ alignSelf: 'flex-end' }}
                value={measure}
                onChange={(value) =>
                  setMeasure(value === DEFAULT_CHART_MEASURE ? null : value, { replace: true })
                }
                data={CHART_MEASURES.map((value) => ({
                  value,
                  label: t(CHART_MEASURE_LABELS[value]),
                }))}
              />
              <LazyBoundary>
                <UsageChart
                  points={points}
                  bucket={view.figures.bucket}
                  height={chartHeight}
                  measure={measure}
                  deniedCounted={view.deniedCounted}
                />
              </LazyBoundary>
              <Disclosure
                id={`usage-table-${scope?.id ?? 'all'}`}
                label={t(tableShown ? 'usage.hideTable' : 'usage.showTable')}
                opened={tableShown}
                onToggle={() => setTableShown((shown) => !shown)}
              >
                <SeriesTable points={points} deniedCounted={view.deniedCounted} />
              </Disclosure>
              <ByModelTable rows={view.figures.by_model} />
            </>
          )}
          {children?.(view)}
        </>
      )}
    </Stack>
  );
}
