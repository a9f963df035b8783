import { TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { parseAmount } from '../../lib/quota';
import type { ModelFormResult, ModelFormValues } from './model-form';
import { formatUnitsPerThousand, unitsPerThousandTokens } from './price-text';

/**
 * A price clients pay, in dollars per million tokens; its hint says what 1K tokens cost in units
 * once a price is typed, so the owner sees what a token's quota will be charged.
 */
export function PriceInput({
  name,
  label,
}: {
  name: 'input_price' | 'output_price';
  label: string;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const form = useFormContext<ModelFormValues, unknown, ModelFormResult>();
  const price = parseAmount(useWatch({ control: form.control, name }));
  const hint =
    Number.isFinite(price) && price >= 0
      ? t('models.priceUnits', {
          units: formatUnitsPerThousand(unitsPerThousandTokens(price, quotaPerUnit), locale),
        })
      : t('models.priceHint');
  return (
    <TextInput
      withAsterisk
      label={label}
      description={hint}
      inputMode="decimal"
      leftSection="$"
      error={form.formState.errors[name]?.message}
      {...form.register(name)}
    />
  );
}
