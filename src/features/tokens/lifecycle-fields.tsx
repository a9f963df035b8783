import '../../lib/i18n/en-parts';
import { Box, Stack, Text, TextInput } from '@mantine/core';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { TokenBackend } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import { ChipChoice } from '../../components/chip-choice';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, type AmountUnit } from '../../lib/quota';
import { AmountField } from './amount-field';
import { amountInOtherUnit } from './amount-text';
import { REFILL_LABELS, type LifecycleFormFields, type RefillChoice } from './lifecycle-form';
import { RateLimitField } from './rate-limit-field';
import { RefillLowers } from './refill-lowers';

const SCHEDULE_HINTS: Partial<Record<RefillChoice, MessageKey>> = {
  daily: 'lifecycle.refillHint.daily',
  weekly: 'lifecycle.refillHint.weekly',
  monthly: 'lifecycle.refillHint.monthly',
};

export interface LifecycleFieldsProps<Choice extends RefillChoice> {
  /** Makes the fields' ids and radio groups unique on the page. */
  idPrefix: string;
  choices: readonly Choice[];
  /** The refill amount the token had, in units: switching units keeps it exact. */
  loadedRefill?: number | null;
  /** What the refill amount starts as when it appears untouched: the quota the token will have. */
  startAmount?: { text: string; unit: AmountUnit };
  /** The remaining quotas, in units, that a refill sets back: lowering one is pointed out. */
  balances: readonly number[];
  missing: TokenBackend['lifecycleMissing'];
  /** Offers a limit in tokens per minute, where the server has one (the token form only). */
  tpm?: boolean;
}

/**
 * Refills (how often the remaining quota is set back to an amount) and the rate limit, in the
 * form they are drawn in (its fields are named as LifecycleFormFields); shown disabled, with
 * why, where the server has neither.
 */
export function LifecycleFields<Choice extends RefillChoice>({
  idPrefix,
  choices,
  loadedRefill = null,
  startAmount,
  balances,
  missing,
  tpm = false,
}: LifecycleFieldsProps<Choice>) {
  const { t } = useI18n();
  const { quotaPerUnit } = useQuota();
  // Where a refill gives back the whole budget (LiteLLM), there is no amount to choose.
  const noAmount = useBackend().unavailable.includes('refill-amount');
  const form = useFormContext<LifecycleFormFields>();
  const { errors, dirtyFields } = useFormState({ control: form.control });
  const [refill, refillAmount, refillUnit] = useWatch({
    control: form.control,
    name: ['refill', 'refillAmount', 'refillUnit'],
  });
  const disabled = missing !== null;
  const rpmId = `${idPrefix}-rpm`;
  const errorId = `${idPrefix}-refill-error`;
  const schedule = disabled ? undefined : SCHEDULE_HINTS[refill];
  const refillUnits = amountToUnits(refillAmount, refillUnit, quotaPerUnit);

  const { changeRefill, changeRefillUnit } = useStableCallbacks({
    changeRefill: (choice: Choice) => {
      const appears = !SCHEDULE_HINTS[refill] && SCHEDULE_HINTS[choice];
      if (appears && startAmount && !dirtyFields.refillAmount) {
        form.setValue('refillAmount', startAmount.text);
        form.setValue('refillUnit', startAmount.unit);
      }
      form.setValue('refill', choice);
    },
    changeRefillUnit: (unit: AmountUnit) => {
      const text = amountInOtherUnit(refillAmount, refillUnit, unit, quotaPerUnit, loadedRefill);
      if (text !== null) form.setValue('refillAmount', text);
      form.setValue('refillUnit', unit);
    },
  });

  return (
    <Stack gap="md">
      <ChipChoice
        name={`${idPrefix}-refill`}
        label={t('lifecycle.refills')}
        value={refill as Choice}
        onChange={changeRefill}
        choices={choices.map((choice) => ({ value: choice, label: t(REFILL_LABELS[choice]) }))}
        disabled={disabled}
        describedBy={disabled ? `${rpmId}-description` : errors.refill ? errorId : undefined}
      >
        {errors.refill && (
          <Text size="xs" c="red" mt={6} id={errorId} role="alert">
            {errors.refill.message}
          </Text>
        )}
        {schedule && noAmount && (
          <Text size="xs" c="dimmed" mt={6}>
            {t('litellm.refillAmount')}
          </Text>
        )}
        {schedule && !noAmount && (
          <>
            <Text size="xs" c="dimmed" mt={6}>
              {t(schedule)}
            </Text>
            <Box mt="xs">
              <AmountField
                id={`${idPrefix}-refill-amount`}
                label={t('lifecycle.refillAmount')}
                unit={refillUnit}
                onUnitChange={changeRefillUnit}
                units={refillUnits.ok ? refillUnits.units : null}
                error={errors.refillAmount?.message}
                dollarSign
                input={form.register('refillAmount')}
              />
              {refillUnits.ok && (
                <RefillLowers refill={refillUnits.units} unit={refillUnit} balances={balances} />
              )}
            </Box>
          </>
        )}
      </ChipChoice>
      <RateLimitField id={rpmId} disabled={disabled} />
      {tpm && (
        <TextInput
          label={t('lifecycle.tpm')}
          inputMode="numeric"
          placeholder={t('lifecycle.rpmPlaceholder')}
          description={t('lifecycle.tpmHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errors.tpm?.message}
          {...form.register('tpm')}
        />
      )}
    </Stack>
  );
}
