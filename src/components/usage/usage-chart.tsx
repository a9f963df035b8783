import '../../lib/i18n/en-parts';
import { Box, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UsageBucket } from '../../contract/usage';
import { numberFormat } from '../../lib/intl-cache';
import { formatUsd, formatUsdTicks } from '../../lib/quota';
import type { UsagePoint } from '../../lib/usage-points';
import { useI18n } from '../i18n';
import { useQuota } from '../quota';
import type { ChartMeasure } from './chart-measures';
import { PLOTS } from './chart-plots';
import classes from './usage-chart.module.css';

/** The width of the widest of some texts in the axes' type, in CSS pixels. */
function measureWidth(font: string): (texts: readonly string[] | null) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (context) context.font = font;
  return (texts) =>
    Math.max(0, ...(texts ?? []).map((text) => context?.measureText(text).width ?? 0));
}

/**
 * The range bucket by bucket, drawn by uPlot: what was spent (bars, with the requests as a
 * line), the requests (with the denied ones), or the tokens in and out (chart-plots.ts). The
 * charting library Mantine builds on (recharts) made this part 138 kB gzipped, over the 100 kB a
 * part loaded later may weigh; uPlot is about 20 kB. Loaded on demand with the screens that
 * show it. The legend beneath reads out the bucket under the pointer, and the range's totals
 * otherwise; the bucket still running is drawn lighter. Screen readers get the summary and the
 * table beside the chart instead.
 */
export default function UsageChart({
  points,
  bucket,
  height,
  measure,
  deniedCounted,
}: {
  points: UsagePoint[];
  bucket: UsageBucket;
  height: number;
  measure: ChartMeasure;
  deniedCounted: boolean;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const partial = points.at(-1)?.partial === true;

  useEffect(() => {
    const host = target.current;
    if (!host || width === 0) return;
    const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
    const font = `12px ${theme.fontFamily}`;
    const widest = measureWidth(font);
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
    const label = (index: number) => points[Math.round(index)]?.label ?? '';
    const when = (index: number) => {
      const point = points[Math.round(index)];
      if (!point) return '';
      return point.partial ? t('usage.soFar', { when: point.label }) : point.label;
    };
    const plot = PLOTS[measure]({
      points,
      deniedCounted,
      colors: {
        first: theme.colors.teal[6],
        second: theme.colors.indigo[dark ? 3 : 6],
        text,
        grid,
      },
      font,
      // Axes as wide as their longest tick.
      axisSize: (_u, values) => Math.ceil(widest(values)) + 14,
      t,
      count: numberFormat(locale),
      usd: (value) => formatUsd(value * quotaPerUnit, quotaPerUnit, locale),
      usdTicks: (values) => formatUsdTicks(values, locale),
      compact: numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
    });
    const span = t('usage.span', { from: label(0), to: label(points.length - 1) });
    const chart = new uPlot(
      {
        width,
        height,
        scales: {
          // Buckets by index, with room for the first and last bar.
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          ...plot.scales,
        },
        series: [
          {
            label: t('usage.when'),
            value: (_u, index) => (index === null ? span : when(index)),
          },
          ...plot.series,
        ],
        axes: [
          {
            stroke: text,
            font,
            grid: { show: false },
            ticks: { stroke: grid },
            // Day names far enough apart not to touch.
            space: Math.ceil(widest(points.map((point) => point.label))) + 16,
            // Every few hours or days, in steps that divide a day or a week.
            incrs: [1, 2, 3, 4, 6, 7, 12, 14, 24, 28, 56],
            values: (_u, splits) =>
              splits.map((index) => (Number.isInteger(index) ? label(index) : '')),
          },
          ...plot.axes,
        ],
        cursor: { points: { show: false }, drag: { x: false, y: false } },
      },
      [points.map((_, index) => index), ...plot.data],
      host,
    );
    return () => chart.destroy();
  }, [points, width, height, dark, theme, t, locale, quotaPerUnit, measure, deniedCounted]);

  return (
    <div>
      <Box ref={sizeRef} className={classes.chart} aria-hidden>
        <div ref={target} />
      </Box>
      {partial && (
        <Text size="xs" c="dimmed" ta="center" mt={4}>
          {t(bucket === 'hour' ? 'usage.partial.hour' : 'usage.partial.day')}
        </Text>
      )}
    </div>
  );
}
