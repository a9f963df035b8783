import '../../lib/i18n/en-parts';
import type { MessageKey } from '../../lib/i18n/en';

/**
 * What the usage chart draws: what was spent (with the requests as a line), the requests (with
 * the denied ones), or the tokens in and out. Kept apart from the chart, so that choosing does
 * not wait for the chart's code.
 */
export const CHART_MEASURES = ['cost', 'requests', 'tokens'] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];
export const DEFAULT_CHART_MEASURE: ChartMeasure = 'cost';

export const isChartMeasure = (value: unknown): value is ChartMeasure =>
  CHART_MEASURES.includes(value as ChartMeasure);

export const CHART_MEASURE_LABELS: Record<ChartMeasure, MessageKey> = {
  cost: 'usage.chart.cost',
  requests: 'usage.chart.requests',
  tokens: 'usage.chart.tokens',
};
