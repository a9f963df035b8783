import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useBulkAction, type BulkAction, type BulkOutcome } from './api/bulk-action';
import { NEVER, type Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { LocalizedDates } from '../../components/localized-dates';
import { IconAlert } from '../../components/icons';
import { useQuota } from '../../components/quota';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, formatUnits, formatUsd } from '../../lib/quota';
import { nowSeconds } from '../../lib/time';
import { pickerToSeconds } from './token-form';

export type BulkKind = BulkAction['kind'];

const TITLES: Record<BulkKind, MessageKey> = {
  enable: 'bulk.enable',
  disable: 'bulk.disable',
  delete: 'bulk.delete',
  'set-quota': 'bulk.setQuota',
  'add-quota': 'bulk.addQuota',
  'set-expiry': 'bulk.setExpiry',
};

const EXPIRY_OPTIONS = ['never', '1h', '1d', '30d', '90d', 'custom'] as const;
const EXPIRY_SECONDS: Record<string, number> = {
  '1h': 3600,
  '1d': 86_400,
  '30d': 2_592_000,
  '90d': 7_776_000,
};

const bulkFormSchema = z.object({
  amount: z.string(),
  unit: z.enum(['usd', 'units']),
  expiry: z.enum(EXPIRY_OPTIONS),
  expiryDate: z.string().nullable(),
});
type BulkForm = z.infer<typeof bulkFormSchema>;

/** Turns the inputs into the action, or says which input to fix (catalogue keys). */
function toAction(
  kind: BulkKind,
  form: BulkForm,
  quotaPerUnit: number,
): BulkAction | { error: MessageKey; field: keyof BulkForm } {
  if (kind === 'set-quota' || kind === 'add-quota') {
    const text = form.amount.trim();
    const negative = kind === 'add-quota' && text.startsWith('-');
    const magnitude = negative || text.startsWith('+') ? text.slice(1) : text;
    const parsed = amountToUnits(magnitude, form.unit, quotaPerUnit);
    if (!parsed.ok) {
      const errors: Record<string, MessageKey> = {
        'not-a-number': 'form.err.amount',
        negative: 'form.err.negative',
        fraction: 'form.err.fraction',
        'too-large': 'form.err.tooLarge',
      };
      return { error: errors[parsed.reason] ?? 'form.err.amount', field: 'amount' };
    }
    return kind === 'set-quota'
      ? { kind, units: parsed.units }
      : { kind, units: negative ? -parsed.units : parsed.units };
  }
  if (kind === 'set-expiry') {
    if (form.expiry === 'never') return { kind, expiredTime: NEVER };
    if (form.expiry === 'custom') {
      const seconds = form.expiryDate ? pickerToSeconds(form.expiryDate) : Number.NaN;
      if (!Number.isFinite(seconds)) return { error: 'form.err.expiryDate', field: 'expiryDate' };
      if (seconds <= nowSeconds()) return { error: 'form.err.expiryPast', field: 'expiryDate' };
      return { kind, expiredTime: seconds };
    }
    return { kind, expiredTime: nowSeconds() + (EXPIRY_SECONDS[form.expiry] ?? 0) };
  }
  return { kind };
}

export default function BulkDialog({
  kind,
  tokens,
  onClose,
  onFinished,
}: {
  kind: BulkKind;
  tokens: Token[];
  onClose: () => void;
  onFinished: (outcome: BulkOutcome) => void;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const bulk = useBulkAction();
  const [finished, setFinished] = useState(0);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const form = useForm<BulkForm>({
    resolver: zodResolver(bulkFormSchema),
    defaultValues: {
      amount: kind === 'add-quota' ? '+1' : '1',
      unit: 'usd',
      expiry: '30d',
      expiryDate: null,
    },
  });
  const [unit, expiry, amount] = useWatch({
    control: form.control,
    name: ['unit', 'expiry', 'amount'],
  });
  const count = tokens.length;
  const running = bulk.isPending;
  const preview = toAction(kind, { amount, unit, expiry, expiryDate: null }, quotaPerUnit);
  const previewText =
    'units' in preview
      ? unit === 'usd'
        ? t('form.equalsUnits', { value: formatUnits(preview.units, locale) })
        : t('form.equalsUsd', { value: formatUsd(preview.units, quotaPerUnit, locale) })
      : ' ';

  const submit = form.handleSubmit(async (values) => {
    const action = toAction(kind, values, quotaPerUnit);
    if ('error' in action) {
      form.setError(action.field, { message: action.error });
      return;
    }
    const result = await bulk.mutateAsync({ tokens, action, onProgress: setFinished });
    setOutcome(result);
    onFinished(result);
  });

  const message = (text: string | undefined) => (text ? t(text as MessageKey) : undefined);
  const title = t(TITLES[kind]);

  return (
    <LocalizedDates>
      <Modal
        opened
        onClose={running ? () => undefined : onClose}
        title={title}
        closeButtonProps={{ 'aria-label': t('action.close') }}
        closeOnEscape={!running}
      >
        {outcome ? (
          <Stack gap="md">
            <Alert
              color={outcome.failed.length ? 'red' : 'teal'}
              variant="light"
              role="status"
              title={t('bulk.summary', { done: outcome.done.length, total: count })}
            >
              {outcome.failed.length === 0 && !outcome.alreadyGone && t('bulk.allDone')}
              {outcome.alreadyGone ? t('bulk.alreadyGone', { count: outcome.alreadyGone }) : null}
            </Alert>
            {outcome.failed.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('bulk.failures', { count: outcome.failed.length })}
                </Text>
                <List
                  size="sm"
                  spacing={4}
                  aria-label={t('bulk.failures', { count: outcome.failed.length })}
                >
                  {outcome.failed.map(({ item, error }) => (
                    <List.Item key={item.id}>
                      <Text span fw={600} size="sm">
                        {item.name}
                      </Text>
                      {': '}
                      {describeError(error, t)}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('action.close')}</Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm">{t(`bulk.confirm.${kind}` as MessageKey, { count })}</Text>
              {(kind === 'set-quota' || kind === 'add-quota') && (
                <Stack gap={6}>
                  <Controller
                    control={form.control}
                    name="unit"
                    render={({ field }) => (
                      <SegmentedControl
                        size="xs"
                        aria-label={t('form.quotaIn')}
                        value={field.value}
                        onChange={field.onChange}
                        data={[
                          { value: 'usd', label: t('form.usd') },
                          { value: 'units', label: t('form.units') },
                        ]}
                        style={{ alignSelf: 'flex-start' }}
                      />
                    )}
                  />
                  <TextInput
                    label={t(kind === 'add-quota' ? 'bulk.amountSigned' : 'form.quota')}
                    description={previewText}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    inputMode="decimal"
                    error={message(form.formState.errors.amount?.message)}
                    {...form.register('amount')}
                  />
                </Stack>
              )}
              {kind === 'set-expiry' && (
                <>
                  <Controller
                    control={form.control}
                    name="expiry"
                    render={({ field }) => (
                      <Select
                        label={t('form.expiry')}
                        allowDeselect={false}
                        value={field.value}
                        onChange={(value) => field.onChange(value)}
                        data={[
                          { value: 'never', label: t('form.expiryNever') },
                          { value: '1h', label: t('form.expiry1h') },
                          { value: '1d', label: t('form.expiry1d') },
                          { value: '30d', label: t('form.expiry30d') },
                          { value: '90d', label: t('form.expiry90d') },
                          { value: 'custom', label: t('form.expiryCustom') },
                        ]}
                      />
                    )}
                  />
                  {expiry === 'custom' && (
                    <Controller
                      control={form.control}
                      name="expiryDate"
                      render={({ field }) => (
                        <DateTimePicker
                          label={t('form.expiryDate')}
                          value={field.value}
                          onChange={field.onChange}
                          minDate={new Date()}
                          valueFormat="YYYY-MM-DD HH:mm"
                          error={message(form.formState.errors.expiryDate?.message)}
                        />
                      )}
                    />
                  )}
                </>
              )}
              {running && (
                <Stack gap={4}>
                  <Progress
                    value={(finished / count) * 100}
                    aria-label={t('bulk.progress', { done: finished, total: count })}
                  />
                  <Text size="xs" c="dimmed">
                    {t('bulk.progress', { done: finished, total: count })}
                  </Text>
                </Stack>
              )}
              {bulk.isError && (
                <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                  {describeError(bulk.error, t)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={running}>
                  {t('action.cancel')}
                </Button>
                <Button
                  type="submit"
                  color={kind === 'delete' ? 'red' : undefined}
                  loading={running}
                >
                  {t('bulk.apply', { action: title, count })}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </LocalizedDates>
  );
}
