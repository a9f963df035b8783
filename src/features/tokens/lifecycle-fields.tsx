import { Box, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Chip.css';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TokenBackend } from '../../api/backend';
import { RPM_MAX } from '../../contract/rate-limit';
import { useI18n } from '../../components/i18n';
import type { MessageKey } from '../../lib/i18n/en';
import { numberFormat } from '../../lib/intl-cache';
import type { AmountUnit } from '../../lib/quota';
import { AmountField } from './amount-field';
import { REFILL_LABELS, type RefillChoice } from './lifecycle-form';

const SCHEDULE_HINTS: Partial<Record<RefillChoice, MessageKey>> = {
  daily: 'lifecycle.refillHint.daily',
  weekly: 'lifecycle.refillHint.weekly',
  monthly: 'lifecycle.refillHint.monthly',
};

export interface LifecycleFieldsProps<Choice extends RefillChoice> {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  choices: readonly Choice[];
  refill: Choice;
  onRefillChange: (choice: Choice) => void;
  /** Why the choice cannot be taken as it is (bulk edit: nothing chosen to change). */
  refillError?: string;
  refillAmount: {
    unit: AmountUnit;
    /** Kept the same from render to render. */
    onUnitChange: (unit: AmountUnit) => void;
    units: number | null;
    error: string | undefined;
    input: UseFormRegisterReturn;
  };
  rpm: { input: UseFormRegisterReturn; error: string | undefined };
  /** Bulk edit leaves the rate limit of each token as it is while the field is empty. */
  keepEmptyRpm?: boolean;
  missing: TokenBackend['lifecycleMissing'];
}

/**
 * Refills (how often the remaining quota is set back to an amount) and the rate limit; shown
 * disabled, with why, where the server has neither.
 */
export function LifecycleFields<Choice extends RefillChoice>({
  idPrefix,
  choices,
  refill,
  onRefillChange,
  refillError,
  refillAmount,
  rpm,
  keepEmptyRpm = false,
  missing,
}: LifecycleFieldsProps<Choice>) {
  const { t, locale } = useI18n();
  const disabled = missing !== null;
  const labelId = `${idPrefix}-refill-label`;
  const rpmId = `${idPrefix}-rpm`;
  const schedule = disabled ? undefined : SCHEDULE_HINTS[refill];
  return (
    <Stack gap="md">
      <Box>
        <Text size="sm" fw={500} mb={6} id={labelId}>
          {t('lifecycle.refills')}
        </Text>
        <Chip.Group value={refill} onChange={(value) => onRefillChange(value as Choice)}>
          <Group
            gap={6}
            role="radiogroup"
            aria-labelledby={labelId}
            aria-describedby={
              disabled ? `${rpmId}-description` : refillError ? `${labelId}-error` : undefined
            }
          >
            {choices.map((choice) => (
              <Chip key={choice} value={choice} size="sm" variant="outline" disabled={disabled}>
                {t(REFILL_LABELS[choice])}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {refillError && (
          <Text size="xs" c="red" mt={6} id={`${labelId}-error`} role="alert">
            {refillError}
          </Text>
        )}
        {schedule && (
          <>
            <Text size="xs" c="dimmed" mt={6}>
              {t(schedule)}
            </Text>
            <Box mt="xs">
              <AmountField
                id={`${idPrefix}-refill-amount`}
                label={t('lifecycle.refillAmount')}
                unit={refillAmount.unit}
                onUnitChange={refillAmount.onUnitChange}
                units={refillAmount.units}
                error={refillAmount.error}
                dollarSign
                input={refillAmount.input}
              />
            </Box>
          </>
        )}
      </Box>
      <TextInput
        id={rpmId}
        label={t('lifecycle.rpm')}
        inputMode="numeric"
        placeholder={t(keepEmptyRpm ? 'lifecycle.rpmKeepPlaceholder' : 'lifecycle.rpmPlaceholder')}
        description={
          disabled
            ? t('lifecycle.gateway')
            : t(keepEmptyRpm ? 'lifecycle.rpmKeepHint' : 'lifecycle.rpmHint', {
                max: numberFormat(locale, {}).format(RPM_MAX),
              })
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        disabled={disabled}
        error={rpm.error}
        {...rpm.input}
      />
    </Stack>
  );
}
