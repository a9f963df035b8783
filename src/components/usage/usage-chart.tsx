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
import classes from './usage-chart.module.css';

/** uPlot's unit for per-bar values that are colours (a const enum in its types). */
const COLOR_VALUES = 3 as uPlot.Series.BarsPathBuilderFacetUnit;

/** The width of the widest of some texts in the axes' type, in CSS pixels. */
function widest(font: string): (texts: readonly string[] | null) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (context) context.font = font;
  return (texts) =>
    Math.max(0, ...(texts ?? []).map((text) => context?.measureText(text).width ?? 0));
}

/**
 * Spending as bars (USD, left axis) and requests as a line (right axis), drawn by uPlot: the
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
}: {
  points: UsagePoint[];
  bucket: UsageBucket;
  height: number;
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
    const count = numberFormat(locale);
    const usd = (value: number) => formatUsd(value * quotaPerUnit, quotaPerUnit, locale);
    const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
    const bar = theme.colors.teal[6];
    const font = `12px ${theme.fontFamily}`;
    const measure = widest(font);
    // Axes as wide as their longest tick, and day names far enough apart not to touch.
    const axisSize = (_u: uPlot, values: string[] | null) => Math.ceil(measure(values)) + 14;
    const labelSpace = Math.ceil(measure(points.map((point) => point.label))) + 16;
    const label = (index: number) => points[Math.round(index)]?.label ?? '';
    const when = (index: number) => {
      const point = points[Math.round(index)];
      if (!point) return '';
      return point.partial ? t('usage.soFar', { when: point.label }) : point.label;
    };
    const span = t('usage.span', { from: label(0), to: label(points.length - 1) });
    const totalUsd = points.reduce((sum, point) => sum + point.usd, 0);
    const totalRequests = points.reduce((sum, point) => sum + point.requests, 0);
    // The bucket still running is lighter: it is not yet comparable with the whole ones.
    const barColors = (alpha: string) => () =>
      points.map((point) => `${bar}${point.partial ? '59' : alpha}`);
    const chart = new uPlot(
      {
        width,
        height,
        scales: {
          // Buckets by index, with room for the first and last bar.
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          usd: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          requests: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        series: [
          {
            label: t('usage.when'),
            value: (_u, index) => (index === null ? span : when(index)),
          },
          {
            label: t('usage.spent'),
            scale: 'usd',
            stroke: bar,
            fill: `${bar}cc`,
            paths: uPlot.paths.bars!({
              size: [0.7, 32],
              disp: {
                fill: { unit: COLOR_VALUES, values: barColors('cc') },
                stroke: { unit: COLOR_VALUES, values: barColors('ff') },
              },
            }),
            points: { show: false },
            value: (_u, value) => usd(value ?? totalUsd),
          },
          {
            label: t('usage.requests'),
            scale: 'requests',
            stroke: theme.colors.indigo[dark ? 3 : 6],
            width: 2,
            points: { show: false },
            value: (_u, value) => count.format(value ?? totalRequests),
          },
        ],
        axes: [
          {
            stroke: text,
            font,
            grid: { show: false },
            ticks: { stroke: grid },
            space: labelSpace,
            // Every few hours or days, in steps that divide a day or a week.
            incrs: [1, 2, 3, 4, 6, 7, 12, 14, 24, 28, 56],
            values: (_u, splits) =>
              splits.map((index) => (Number.isInteger(index) ? label(index) : '')),
          },
          {
            scale: 'usd',
            stroke: text,
            font,
            label: t('usage.spent'),
            labelFont: `600 ${font}`,
            labelSize: 20,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: axisSize,
            values: (_u, splits) => formatUsdTicks(splits, locale),
          },
          {
            scale: 'requests',
            side: 1,
            stroke: text,
            font,
            label: t('usage.requests'),
            labelFont: `600 ${font}`,
            labelSize: 20,
            grid: { show: false },
            ticks: { show: false },
            size: axisSize,
            // Requests are whole: a small range's ticks at 0.25 or 0.5 are left unlabelled.
            values: (_u, splits) =>
              splits.map((value) => (Number.isInteger(value) ? count.format(value) : '')),
          },
        ],
        cursor: { points: { show: false }, drag: { x: false, y: false } },
      },
      [points.map((_, index) => index), points.map((p) => p.usd), points.map((p) => p.requests)],
      host,
    );
    return () => chart.destroy();
  }, [points, width, height, dark, theme, t, locale, quotaPerUnit]);

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
