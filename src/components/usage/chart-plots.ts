import '../../lib/i18n/en-parts';
import uPlot from 'uplot';
import type { Translate } from '../../lib/i18n/translate';
import type { UsagePoint } from '../../lib/usage-points';
import type { ChartMeasure } from './chart-measures';

/** uPlot's unit for per-bar values that are colours (a const enum in its types). */
const COLOR_VALUES = 3 as uPlot.Series.BarsPathBuilderFacetUnit;
/** A bar's width as a share of its bucket, and at most, in CSS pixels. */
const WHOLE_BAR = { factor: 0.7, max: 32 };

/** How the chart looks and writes its figures, whatever it shows. */
export interface PlotLook {
  points: UsagePoint[];
  deniedCounted: boolean;
  colors: { first: string; second: string; text: string; grid: string };
  font: string;
  axisSize: uPlot.Axis.Size;
  t: Translate;
  count: Intl.NumberFormat;
  /** A dollar figure as the amounts are written. */
  usd: (value: number) => string;
  usdTicks: (values: number[]) => string[];
  /** Large counts along an axis, short: "12K". */
  compact: Intl.NumberFormat;
}

/** The scales, series, y axes and figures of one measure; the x axis is the chart's own. */
export interface Plot {
  scales: uPlot.Scales;
  series: uPlot.Series[];
  axes: uPlot.Axis[];
  data: number[][];
}

const fromZero = (): uPlot.Scale => ({
  range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1],
});

/**
 * Bars in one colour, the bucket still running lighter: it is not yet comparable with the whole
 * ones. Two series side by side take half the width each, one left of its bucket, one right.
 */
function bars(look: PlotLook, color: string, align: -1 | 0 | 1 = 0): uPlot.Series {
  const share = align === 0 ? 1 : 0.5;
  const colors = (alpha: string) => () =>
    look.points.map((point) => `${color}${point.partial ? '59' : alpha}`);
  return {
    stroke: color,
    fill: `${color}cc`,
    paths: uPlot.paths.bars!({
      size: [WHOLE_BAR.factor * share, WHOLE_BAR.max * share],
      align,
      disp: {
        fill: { unit: COLOR_VALUES, values: colors('cc') },
        stroke: { unit: COLOR_VALUES, values: colors('ff') },
      },
    }),
    points: { show: false },
  };
}

const line = (color: string): uPlot.Series => ({
  stroke: color,
  width: 2,
  points: { show: false },
});

/** A y axis named `label`, on the left or (side 1) the right, with no ticks of its own. */
function axis(
  look: PlotLook,
  scale: string,
  label: string,
  values: uPlot.Axis['values'],
  side?: 1,
): uPlot.Axis {
  return {
    scale,
    // Left unless told: uPlot reads a side given as undefined as the top.
    ...(side ? { side } : {}),
    stroke: look.colors.text,
    font: look.font,
    label,
    labelFont: `600 ${look.font}`,
    labelSize: 20,
    grid: side ? { show: false } : { stroke: look.colors.grid, width: 1 },
    ticks: { show: false },
    size: look.axisSize,
    values,
  };
}

/** Counts are whole: a small range's ticks at 0.25 or 0.5 are left unlabelled. */
const wholeTicks =
  (format: Intl.NumberFormat): uPlot.Axis['values'] =>
  (_u, splits) =>
    splits.map((value) => (Number.isInteger(value) ? format.format(value) : ''));

/** A series' legend value: the bucket under the pointer, or the range's total. */
const legend =
  (format: (value: number) => string, total: number): uPlot.Series['value'] =>
  (_u, value) =>
    format(value ?? total);

const sum = (points: UsagePoint[], pick: (point: UsagePoint) => number) =>
  points.reduce((total, point) => total + pick(point), 0);

/** Spending as bars (USD, left axis) and requests as a line (right axis). */
function costPlot(look: PlotLook): Plot {
  const { points, t, count } = look;
  return {
    scales: { usd: fromZero(), requests: fromZero() },
    series: [
      {
        ...bars(look, look.colors.first),
        label: t('usage.spent'),
        scale: 'usd',
        value: legend(
          look.usd,
          sum(points, (p) => p.usd),
        ),
      },
      {
        ...line(look.colors.second),
        label: t('usage.requests'),
        scale: 'requests',
        value: legend(
          (v) => count.format(v),
          sum(points, (p) => p.requests),
        ),
      },
    ],
    axes: [
      axis(look, 'usd', t('usage.spent'), (_u, splits) => look.usdTicks(splits)),
      axis(look, 'requests', t('usage.requests'), wholeTicks(count), 1),
    ],
    data: [points.map((p) => p.usd), points.map((p) => p.requests)],
  };
}

/** Requests as bars, and the denied ones as a line where the server counts them. */
function requestsPlot(look: PlotLook): Plot {
  const { points, t, count } = look;
  const format = (value: number) => count.format(value);
  const requests: uPlot.Series = {
    ...bars(look, look.colors.first),
    label: t('usage.requests'),
    scale: 'count',
    value: legend(
      format,
      sum(points, (p) => p.requests),
    ),
  };
  const denied: uPlot.Series = {
    ...line(look.colors.second),
    label: t('usage.denied'),
    scale: 'count',
    value: legend(
      format,
      sum(points, (p) => p.denied),
    ),
  };
  return {
    scales: { count: fromZero() },
    series: look.deniedCounted ? [requests, denied] : [requests],
    axes: [axis(look, 'count', t('usage.requests'), wholeTicks(count))],
    data: [
      points.map((p) => p.requests),
      ...(look.deniedCounted ? [points.map((p) => p.denied)] : []),
    ],
  };
}

/** Input and output tokens as bars side by side, on one axis. */
function tokensPlot(look: PlotLook): Plot {
  const { points, t, count } = look;
  const format = (value: number) => count.format(value);
  return {
    scales: { tokens: fromZero() },
    series: [
      {
        ...bars(look, look.colors.first, -1),
        label: t('usage.inputTokens'),
        scale: 'tokens',
        value: legend(
          format,
          sum(points, (p) => p.prompt_tokens),
        ),
      },
      {
        ...bars(look, look.colors.second, 1),
        label: t('usage.outputTokens'),
        scale: 'tokens',
        value: legend(
          format,
          sum(points, (p) => p.completion_tokens),
        ),
      },
    ],
    axes: [axis(look, 'tokens', t('usage.chart.tokens'), wholeTicks(look.compact))],
    data: [points.map((p) => p.prompt_tokens), points.map((p) => p.completion_tokens)],
  };
}

export const PLOTS: Record<ChartMeasure, (look: PlotLook) => Plot> = {
  cost: costPlot,
  requests: requestsPlot,
  tokens: tokensPlot,
};
