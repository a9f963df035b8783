import { Text } from '@mantine/core';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { formatPrice, formatUnitsPerThousand, unitsPerThousandTokens } from './price-text';

/** A price in USD per 1M tokens, and beneath it what 1K tokens cost in units at today's ratio. */
export function ModelPrice({ usdPerMillion }: { usdPerMillion: number }) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  if (usdPerMillion === 0) return <Text size="sm">{t('models.free')}</Text>;
  const units = unitsPerThousandTokens(usdPerMillion, quotaPerUnit);
  return (
    <div>
      <Text size="sm" fw={500}>
        {formatPrice(usdPerMillion, locale)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('models.perThousand', { units: formatUnitsPerThousand(units, locale) })}
      </Text>
    </div>
  );
}
