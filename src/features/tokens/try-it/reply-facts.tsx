import '../../../lib/i18n/en-signed-in';
import { Text } from '@mantine/core';
import { useI18n } from '../../../components/i18n';
import { useQuota } from '../../../components/quota';
import { formatUnits, formatUsd } from '../../../lib/quota';
import type { Turn } from './use-conversation';

/** A quota figure in dollars and units together, whatever the person chose to see elsewhere. */
export function useAmountText() {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  return (units: number) =>
    t('tryIt.amount', {
      usd: formatUsd(units, quotaPerUnit, locale),
      units: t('quota.units', { value: formatUnits(units, locale) }),
    });
}

/** Under a reply: its tokens from the stream's usage, and what it cost the token. */
export function ReplyFacts({ turn }: { turn: Turn }) {
  const { t, locale } = useI18n();
  const amount = useAmountText();
  const count = (value: number) => formatUnits(value, locale);
  return (
    <>
      <Text size="xs" c="dimmed">
        {turn.usage
          ? t('tryIt.tokens', {
              prompt: count(turn.usage.prompt_tokens),
              completion: count(turn.usage.completion_tokens),
            })
          : t('tryIt.noUsage')}
      </Text>
      <Text size="xs" c="dimmed">
        {turn.cost === undefined
          ? t('tryIt.costReading')
          : turn.cost === null
            ? t('tryIt.costMissing')
            : t('tryIt.cost', { amount: amount(turn.cost) })}
      </Text>
    </>
  );
}
