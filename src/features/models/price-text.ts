import { numberFormat } from '../../lib/intl-cache';

/** What 1,000 tokens cost in quota units at a price in USD per 1M tokens and the ratio given. */
export const unitsPerThousandTokens = (usdPerMillion: number, quotaPerUnit: number) =>
  (usdPerMillion * quotaPerUnit) / 1_000;

/**
 * A price in USD per 1M tokens as providers list them: cents at least ("$2.50"), and as many
 * decimals as it has beyond them ("$0.075"), up to six.
 */
export function formatPrice(usdPerMillion: number, locale: string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(usdPerMillion);
}

/** Units per 1K tokens: whole for most prices, with up to two decimals for cheap ones. */
export const formatUnitsPerThousand = (units: number, locale: string) =>
  numberFormat(locale, { maximumFractionDigits: 2 }).format(units);

/** The host of an upstream's address: where the model goes, without the path. */
export function upstreamHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
