import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Text } from '@mantine/core';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { formatUnits, formatUsd, type AmountUnit } from '../../lib/quota';

/**
 * Says when a refill would lower a balance rather than top it up: a refill sets the remaining
 * quota to its amount, whatever was there.
 */
export function RefillLowers({
  refill,
  unit,
  balances,
}: {
  /** The refill amount, in units. */
  refill: number;
  /** The unit the refill is typed in, which the figures are told in. */
  unit: AmountUnit;
  /** The remaining quota of each token the refill is for, in units. */
  balances: readonly number[];
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const lowered = balances.filter((balance) => balance > refill);
  if (lowered.length === 0) return null;
  const amount = (units: number) =>
    unit === 'usd'
      ? formatUsd(units, quotaPerUnit, locale)
      : t('quota.units', { value: formatUnits(units, locale) });
  return (
    <Text size="xs" c="var(--mantine-color-orange-text)" mt={6}>
      {balances.length === 1
        ? t('lifecycle.lowers', { from: amount(lowered[0]!), to: amount(refill) })
        : t('lifecycle.lowersMany', {
            count: lowered.length,
            total: balances.length,
            to: amount(refill),
          })}
    </Text>
  );
}
