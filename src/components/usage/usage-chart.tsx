import { Box, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { numberFormat } from '../../lib/intl-cache';
import { formatUsd } from '../../lib/quota';
import type { UsagePoint } from '../../lib/usage-points';
import { useI18n } from '../i18n';
import { useQuota } from '../quota';
import classes from './usage-chart.module.css';

/**
 * Spending as bars (USD, left axis) and requests as a line (right axis), drawn by uPlot: the
 * charting library Mantine builds on (recharts) made this part 138 kB gzipped, over the 100 kB a
 * part loaded later may weigh; uPlot is about 20 kB. Loaded on demand with the screens that
 * show it. The legend beneath reads out the bucket under the pointer; screen readers get the
 * summary and the table beside the chart instead.
 */
export default function UsageChart({ points, height }: { points: UsagePoint[]; height: number }) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = target.current;
    if (!host || width === 0) return;
    const count = numberFormat(locale);
    const usd = (value: number) => formatUsd(value * quotaPerUnit, quotaPerUnit, locale);
    const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3];
    const label = (index: number) => points[Math.round(index)]?.label ?? '';
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
          { label: t('usage.when'), value: (_u, index) => (index === null ? '' : label(index)) },
          {
            label: t('usage.spent'),
            scale: 'usd',
            stroke: theme.colors.teal[6],
            fill: `${theme.colors.teal[6]}cc`,
            paths: uPlot.paths.bars!({ size: [0.7, 32] }),
            points: { show: false },
            value: (_u, value) => (value === null ? '' : usd(value)),
          },
          {
            label: t('usage.requests'),
            scale: 'requests',
            stroke: theme.colors.indigo[dark ? 3 : 6],
            width: 2,
            points: { show: false },
            value: (_u, value) => (value === null ? '' : count.format(value)),
          },
        ],
        axes: [
          {
            stroke: text,
            grid: { show: false },
            ticks: { stroke: grid },
            space: 56,
            values: (_u, splits) =>
              splits.map((index) => (Number.isInteger(index) ? label(index) : '')),
          },
          {
            scale: 'usd',
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 72,
            values: (_u, splits) => splits.map(usd),
          },
          {
            scale: 'requests',
            side: 1,
            stroke: text,
            grid: { show: false },
            ticks: { show: false },
            size: 56,
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
    <Box ref={sizeRef} className={classes.chart} aria-hidden>
      <div ref={target} />
    </Box>
  );
}
