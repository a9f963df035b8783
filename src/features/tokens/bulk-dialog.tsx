import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import { useBulkAction, type BulkAction, type BulkOutcome } from './api/bulk-action';
import { useBackend } from '../../api/backend-context';
import type { Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { LocalizedDates } from '../../components/localized-dates';
import { useQuota } from '../../components/quota';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import type { MessageKey } from '../../lib/i18n/en';
import type { AmountUnit } from '../../lib/quota';
import { AmountField } from './amount-field';
import { BulkOutcomeSummary } from './bulk-outcome';
import {
  bulkFormDefaults,
  bulkFormResolver,
  signedAmount,
  type BulkFormValues,
  type BulkKind,
} from './bulk-form';
import { LifecycleFields } from './lifecycle-fields';
import { BULK_REFILL_CHOICES } from './lifecycle-form';
import { NEW_EXPIRIES } from './expiry';
import { ExpiryDatePicker } from './expiry-date-picker';

export type { BulkKind } from './bulk-form';

const TITLES: Record<BulkKind, MessageKey> = {
  enable: 'bulk.enable',
  disable: 'bulk.disable',
  delete: 'bulk.delete',
  'set-quota': 'bulk.setQuota',
  'add-quota': 'bulk.addQuota',
  'set-expiry': 'bulk.setExpiry',
  'set-lifecycle': 'bulk.setLifecycle',
};

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
  const { t } = useI18n();
  const { quotaPerUnit } = useQuota();
  const { lifecycleMissing } = useBackend();
  const bulk = useBulkAction();
  const [finished, setFinished] = useState(0);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const resolver = useMemo(() => bulkFormResolver(kind, quotaPerUnit, t), [kind, quotaPerUnit, t]);
  const form = useForm<BulkFormValues, unknown, BulkAction>({
    resolver,
    defaultValues: bulkFormDefaults(kind),
  });
  const { errors } = form.formState;
  const [unit, amount] = useWatch({ control: form.control, name: ['unit', 'amount'] });
  const { field: expiry } = useController({ control: form.control, name: 'expiry' });
  const { changeUnit } = useStableCallbacks({
    changeUnit: (next: AmountUnit) => form.setValue('unit', next),
  });
  const count = tokens.length;
  const running = bulk.isPending;
  const preview = signedAmount(kind, amount, unit, quotaPerUnit);

  const submit = form.handleSubmit(async (action) => {
    const result = await bulk.mutateAsync({ tokens, action, onProgress: setFinished });
    setOutcome(result);
    onFinished(result);
  });

  const title = t(TITLES[kind]);

  return (
    <LocalizedDates>
      <Modal
        opened
        onClose={running ? () => undefined : onClose}
        title={title}
        closeOnEscape={!running}
      >
        {outcome ? (
          <BulkOutcomeSummary kind={kind} outcome={outcome} total={count} onClose={onClose} />
        ) : (
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Text size="sm">{t(`bulk.confirm.${kind}` as MessageKey, { count })}</Text>
                {(kind === 'set-quota' || kind === 'add-quota') && (
                  <AmountField
                    id="bulk-amount"
                    label={t(kind === 'add-quota' ? 'bulk.amountSigned' : 'form.quota')}
                    unit={unit}
                    onUnitChange={changeUnit}
                    units={preview.ok ? preview.units : null}
                    error={errors.amount?.message}
                    dollarSign
                    input={form.register('amount')}
                  />
                )}
                {kind === 'set-lifecycle' && (
                  <LifecycleFields
                    idPrefix="bulk"
                    choices={BULK_REFILL_CHOICES}
                    balances={tokens.flatMap((token) =>
                      token.unlimited_quota ? [] : [token.remain_quota],
                    )}
                    missing={lifecycleMissing}
                  />
                )}
                {kind === 'set-expiry' && (
                  <>
                    <Select
                      label={t('form.expiry')}
                      allowDeselect={false}
                      value={expiry.value}
                      onChange={expiry.onChange}
                      data={NEW_EXPIRIES.map(([value, label]) => ({ value, label: t(label) }))}
                    />
                    {expiry.value === 'custom' && <ExpiryDatePicker />}
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
                {bulk.isError && <ErrorAlert>{describeError(bulk.error, t)}</ErrorAlert>}
                <DialogButtons
                  confirmLabel={t('bulk.apply', { action: title, count })}
                  onCancel={onClose}
                  busy={running}
                  cancelDisabled={running}
                  danger={kind === 'delete'}
                />
              </Stack>
            </form>
          </FormProvider>
        )}
      </Modal>
    </LocalizedDates>
  );
}
