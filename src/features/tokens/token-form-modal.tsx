import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Chip,
  Collapse,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { NAME_MAX, type Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { LocalizedDates } from '../../components/localized-dates';
import { IconAlert } from '../../components/icons';
import { useQuota } from '../../components/quota';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { useSlow } from '../../components/use-slow';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, formatUnits, formatUsd } from '../../lib/quota';
import { formatDateTime, nowSeconds } from '../../lib/time';
import {
  defaultFormValues,
  formFieldForServerMessage,
  tokenFormResolverSchema,
  amountInOtherUnit,
  BATCH_COUNT_MAX,
  type ExpiryChoice,
  type TokenFormResult,
  type TokenFormValues,
} from './token-form';

export interface TokenFormModalProps {
  /** null creates a new token. */
  token: Token | null;
  onClose: () => void;
  onSubmit: (result: TokenFormResult) => Promise<void>;
}

const QUICK_EXPIRIES: Array<[ExpiryChoice, MessageKey]> = [
  ['never', 'form.expiryNever'],
  ['1h', 'form.expiry1h'],
  ['1d', 'form.expiry1d'],
  ['30d', 'form.expiry30d'],
  ['90d', 'form.expiry90d'],
  ['custom', 'form.expiryCustom'],
];

type AmountUnit = TokenFormValues['amountUnit'];

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

export default function TokenFormModal({ token, onClose, onSubmit }: TokenFormModalProps) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const editing = token !== null;
  const [advancedOpen, setAdvancedOpen] = useState(Boolean(token?.models || token?.subnet));
  const schema = useMemo(
    () => tokenFormResolverSchema(quotaPerUnit, token, nowSeconds),
    [quotaPerUnit, token],
  );
  const form = useForm<TokenFormValues, unknown, TokenFormResult>({
    resolver: zodResolver(schema),
    defaultValues: defaultFormValues(token, quotaPerUnit),
  });
  const { errors, isSubmitting } = form.formState;
  const slow = useSlow(isSubmitting);
  const [amount, amountUnit, unlimited, expiry] = useWatch({
    control: form.control,
    name: ['amount', 'amountUnit', 'unlimited', 'expiry'],
  });

  const converted = amountToUnits(amount, amountUnit, quotaPerUnit);
  const equivalent = converted.ok
    ? amountUnit === 'usd'
      ? t('form.equalsUnits', { value: formatUnits(converted.units, locale) })
      : t('form.equalsUsd', { value: formatUsd(converted.units, quotaPerUnit, locale) })
    : ' ';

  const { changeUnit } = useStableCallbacks({
    changeUnit: (unit: AmountUnit) => {
      // Keep the same quantity when switching the unit it is typed in.
      const text = amountInOtherUnit(amount, amountUnit, unit, quotaPerUnit, token);
      if (text !== null) form.setValue('amount', text);
      form.setValue('amountUnit', unit);
    },
  });

  const message = (text: string | undefined) =>
    text === undefined ? undefined : text.startsWith('form.') ? t(text as MessageKey) : text;

  const submit = form.handleSubmit(async (result) => {
    try {
      await onSubmit(result);
    } catch (error) {
      const text = describeError(error, t);
      const field = formFieldForServerMessage(text);
      if (field) form.setError(field, { message: text });
      form.setError('root', { message: text });
    }
  });

  const expiryChoices =
    editing && token.expired_time !== -1
      ? [['keep', 'form.expiryKeep'] as [ExpiryChoice, MessageKey], ...QUICK_EXPIRIES]
      : QUICK_EXPIRIES;

  return (
    <LocalizedDates>
      <Modal
        opened
        onClose={onClose}
        title={t(editing ? 'form.editTitle' : 'form.createTitle')}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('action.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('form.name')}
                placeholder={t('form.namePlaceholder')}
                withAsterisk
                maxLength={NAME_MAX * 4}
                data-autofocus
                error={message(errors.name?.message)}
                {...form.register('name')}
              />
              {!editing && (
                <TextInput
                  w={96}
                  label={t('form.count')}
                  inputMode="numeric"
                  description={t('form.countHint', { max: BATCH_COUNT_MAX })}
                  inputWrapperOrder={['label', 'input', 'error', 'description']}
                  error={message(errors.count?.message)}
                  {...form.register('count')}
                />
              )}
            </Group>

            <Box>
              <Group justify="space-between" align="flex-end" mb={4}>
                <Text component="label" htmlFor="token-amount" size="sm" fw={500}>
                  {t('form.quota')}
                </Text>
                <UnitSwitch value={amountUnit} disabled={unlimited} onChange={changeUnit} />
              </Group>
              <TextInput
                id="token-amount"
                inputMode="decimal"
                leftSection={amountUnit === 'usd' ? '$' : undefined}
                disabled={unlimited}
                error={message(errors.amount?.message)}
                description={unlimited ? t('form.unlimitedHint') : equivalent}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.register('amount')}
              />
            </Box>

            <Controller
              control={form.control}
              name="unlimited"
              render={({ field }) => (
                <Switch
                  label={t('form.unlimited')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />

            <Box>
              <Text size="sm" fw={500} mb={6} id="expiry-label">
                {t('form.expiry')}
              </Text>
              <Controller
                control={form.control}
                name="expiry"
                render={({ field }) => (
                  <Chip.Group
                    value={field.value}
                    onChange={(value) => field.onChange(value as ExpiryChoice)}
                  >
                    <Group gap={6} role="radiogroup" aria-labelledby="expiry-label">
                      {expiryChoices.map(([value, label]) => (
                        <Chip key={value} value={value} size="sm" variant="outline">
                          {t(label)}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                )}
              />
              {expiry === 'keep' && token && (
                <Text size="xs" c="dimmed" mt={6}>
                  {t('form.expiryKeepHint', { value: formatDateTime(token.expired_time, locale) })}
                </Text>
              )}
              {errors.expiry && (
                <Text size="xs" c="red" mt={6} role="alert">
                  {message(errors.expiry.message)}
                </Text>
              )}
              {expiry === 'custom' && (
                <Controller
                  control={form.control}
                  name="expiryDate"
                  render={({ field }) => (
                    <DateTimePicker
                      mt="sm"
                      label={t('form.expiryDate')}
                      value={field.value}
                      onChange={field.onChange}
                      minDate={new Date()}
                      valueFormat="YYYY-MM-DD HH:mm"
                      clearable
                      error={message(errors.expiryDate?.message)}
                    />
                  )}
                />
              )}
            </Box>

            {editing && (
              <Controller
                control={form.control}
                name="enabled"
                render={({ field }) => (
                  <Switch
                    label={t('form.status')}
                    description={t('form.statusHint')}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            )}

            <Box>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setAdvancedOpen((open) => !open)}
                aria-expanded={advancedOpen}
                aria-controls="token-advanced"
              >
                {t('form.advanced')}
              </Anchor>
              <Collapse expanded={advancedOpen} id="token-advanced">
                <Stack gap="sm" mt="sm">
                  <Textarea
                    label={t('form.models')}
                    description={t('form.modelsHint')}
                    autosize
                    minRows={1}
                    spellCheck={false}
                    error={message(errors.models?.message)}
                    {...form.register('models')}
                  />
                  <Textarea
                    label={t('form.subnet')}
                    description={t('form.subnetHint')}
                    autosize
                    minRows={1}
                    spellCheck={false}
                    error={message(errors.subnet?.message)}
                    {...form.register('subnet')}
                  />
                </Stack>
              </Collapse>
            </Box>

            {errors.root && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlert />}
                title={t('form.failed')}
                role="alert"
              >
                {errors.root.message}
              </Alert>
            )}

            {slow && (
              <Text size="sm" c="dimmed" role="status">
                {t('form.slow')}
              </Text>
            )}

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('action.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t(editing ? 'form.save' : 'form.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </LocalizedDates>
  );
}
