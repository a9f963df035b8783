import '../../lib/i18n/en-parts';
import { Box, Group, Input, SegmentedControl, TextInput } from '@mantine/core';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { memo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { formatUnits, formatUsd, type AmountUnit } from '../../lib/quota';

/**
 * Drawn again only when its value or state changes: its sliding indicator measures the page
 * each time it is drawn, which behind a long table is costly (e.g. on every submit).
 */
const UnitSwitch = memo(function UnitSwitch({
  value,
  disabled,
  onChange,
}: {
  value: AmountUnit;
  disabled: boolean;
  /** Kept the same from render to render. */
  onChange: (unit: AmountUnit) => void;
}) {
  const { t } = useI18n();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('form.quotaIn')}
      value={value}
      disabled={disabled}
      onChange={(next) => onChange(next as AmountUnit)}
      data={[
        { value: 'usd', label: t('form.usd') },
        { value: 'units', label: t('form.units') },
      ]}
    />
  );
});

/** A quota typed in dollars or units, with the unit switch and the same figure in the other unit. */
export function AmountField({
  id,
  label,
  unit,
  onUnitChange,
  units,
  hint,
  error,
  disabled = false,
  dollarSign = false,
  input,
}: {
  id: string;
  label: string;
  unit: AmountUnit;
  /** Kept the same from render to render. */
  onUnitChange: (unit: AmountUnit) => void;
  /** What the text reads as, in units; null while it reads as nothing. */
  units: number | null;
  /** Shown instead of the figure in the other unit. */
  hint?: string;
  error: string | undefined;
  disabled?: boolean;
  /** Marks a dollar amount with $ in front. */
  dollarSign?: boolean;
  input: UseFormRegisterReturn;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const equivalent =
    units === null
      ? ' '
      : unit === 'usd'
        ? t('form.equalsUnits', { value: formatUnits(units, locale) })
        : t('form.equalsUsd', { value: formatUsd(units, quotaPerUnit, locale) });
  return (
    <Box>
      <Group justify="space-between" align="flex-end" mb={4}>
        <Input.Label htmlFor={id}>{label}</Input.Label>
        <UnitSwitch value={unit} disabled={disabled} onChange={onUnitChange} />
      </Group>
      <TextInput
        id={id}
        inputMode="decimal"
        leftSection={dollarSign && unit === 'usd' ? '$' : undefined}
        disabled={disabled}
        error={error}
        description={hint ?? equivalent}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...input}
      />
    </Box>
  );
}
