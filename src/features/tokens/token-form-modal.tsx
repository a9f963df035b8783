import '../../lib/i18n/en-parts';
import { Group, Text, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useBackend } from '../../api/backend-context';
import { QUOTA_RESET_PERIODS } from '../../contract/quota-reset';
import type { Token } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { DialogButtons } from '../../components/dialog-buttons';
import { Disclosure } from '../../components/disclosure';
import { ErrorAlert } from '../../components/error-alert';
import { FormModal } from '../../components/form-modal';
import { FormSwitch } from '../../components/form-switch';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { LocalizedDates } from '../../components/localized-dates';
import { NameInput } from '../../components/name-input';
import { useQuota } from '../../components/quota';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { useSlow } from '../../components/use-slow';
import type { MessageKey } from '../../lib/i18n/en';
import { amountToUnits, type AmountUnit } from '../../lib/quota';
import { AmountField } from './amount-field';
import { amountInOtherUnit } from './amount-text';
import { ExpiryField } from './expiry-field';
import { LifecycleFields } from './lifecycle-fields';
import { loadedRefill } from './lifecycle-form';
import {
  BATCH_COUNT_MAX,
  defaultFormValues,
  formFieldOfRefusal,
  tokenFormResolver,
  type TokenFormResult,
  type TokenFormValues,
} from './token-form';

export interface TokenFormModalProps {
  /** null creates a new token. */
  token: Token | null;
  onClose: () => void;
  onSubmit: (result: TokenFormResult) => Promise<void>;
}

/** The allow-lists, edited as comma-separated text. */
const ALLOW_LISTS: ReadonlyArray<readonly ['models' | 'subnet', MessageKey, MessageKey]> = [
  ['models', 'form.models', 'form.modelsHint'],
  ['subnet', 'form.subnet', 'form.subnetHint'],
];

export default function TokenFormModal({ token, onClose, onSubmit }: TokenFormModalProps) {
  const { t } = useI18n();
  const { quotaPerUnit } = useQuota();
  const { lifecycleMissing, unavailable, tpmLimits } = useBackend();
  // Shown to a key that may not change them, as they are sent back unchanged with the edit.
  const accessReadOnly = !useAccess().may('tokens.update_access');
  const editing = token !== null;
  const [advancedOpen, setAdvancedOpen] = useState(Boolean(token?.models || token?.subnet));
  const resolver = useMemo(
    () =>
      tokenFormResolver(
        quotaPerUnit,
        token,
        { lifecycle: lifecycleMissing === null, tpm: tpmLimits },
        t,
      ),
    [quotaPerUnit, token, lifecycleMissing, tpmLimits, t],
  );
  const form = useForm<TokenFormValues, unknown, TokenFormResult>({
    resolver,
    defaultValues: defaultFormValues(token, quotaPerUnit),
  });
  const { errors, isSubmitting } = form.formState;
  const slow = useSlow(isSubmitting);
  const [amount, amountUnit, unlimited] = useWatch({
    control: form.control,
    name: ['amount', 'amountUnit', 'unlimited'],
  });
  const converted = amountToUnits(amount, amountUnit, quotaPerUnit);

  const { changeUnit } = useStableCallbacks({
    changeUnit: (unit: AmountUnit) => {
      // Keep the same quantity when switching the unit it is typed in.
      const loaded = token?.remain_quota ?? null;
      const text = amountInOtherUnit(amount, amountUnit, unit, quotaPerUnit, loaded);
      if (text !== null) form.setValue('amount', text);
      form.setValue('amountUnit', unit);
    },
  });

  const submit = form.handleSubmit(async (result) => {
    try {
      await onSubmit(result);
    } catch (error) {
      // The server's own words, under the field it refused when it said which.
      const message = describeError(error, t);
      const field = formFieldOfRefusal(error);
      if (field) form.setError(field, { type: 'server', message });
      form.setError('root', { type: 'server', message });
    }
  });

  return (
    <LocalizedDates>
      <FormModal
        form={form}
        title={t(editing ? 'form.editTitle' : 'form.createTitle')}
        onClose={onClose}
        onSubmit={submit}
      >
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <NameInput
            style={{ flex: 1 }}
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            error={errors.name?.message}
            {...form.register('name')}
          />
          {!editing && (
            <TextInput
              w={96}
              label={t('form.count')}
              inputMode="numeric"
              // The error takes the place of the hint: one message under a narrow field.
              description={errors.count ? undefined : t('form.countHint', { max: BATCH_COUNT_MAX })}
              error={errors.count?.message}
              {...form.register('count')}
            />
          )}
        </Group>

        <AmountField
          id="token-amount"
          label={t('form.quota')}
          unit={amountUnit}
          onUnitChange={changeUnit}
          units={converted.ok ? converted.units : null}
          hint={unlimited ? t('form.unlimitedHint') : undefined}
          error={errors.amount?.message}
          disabled={unlimited}
          dollarSign
          input={form.register('amount')}
        />

        <FormSwitch control={form.control} name="unlimited" label={t('form.unlimited')} />

        <ExpiryField control={form.control} token={token} error={errors.expiry?.message} />

        <LifecycleFields
          idPrefix="token"
          choices={QUOTA_RESET_PERIODS}
          loadedRefill={loadedRefill(token)}
          startAmount={{ text: amount, unit: amountUnit }}
          balances={!unlimited && converted.ok ? [converted.units] : []}
          missing={lifecycleMissing}
          tpm={tpmLimits}
        />

        {editing && (
          <FormSwitch
            control={form.control}
            name="enabled"
            label={t('form.status')}
            description={t('form.statusHint')}
          />
        )}

        <Disclosure
          id="token-advanced"
          label={t('form.advanced')}
          opened={advancedOpen}
          onToggle={() => setAdvancedOpen((open) => !open)}
        >
          {ALLOW_LISTS.map(([field, label, hint]) => {
            // A server without the list has the field off, saying why.
            const off = field === 'subnet' && unavailable.includes('subnet');
            return (
              <Textarea
                key={field}
                label={t(label)}
                description={
                  off
                    ? t('litellm.subnet')
                    : accessReadOnly
                      ? `${t(hint)} ${t('form.accessReadOnly')}`
                      : t(hint)
                }
                readOnly={accessReadOnly}
                autosize
                minRows={1}
                spellCheck={false}
                error={errors[field]?.message}
                // Off, it is not part of the form: the token's empty list stays as it is.
                {...(off ? { disabled: true, readOnly: true, value: '' } : form.register(field))}
              />
            );
          })}
        </Disclosure>

        {errors.root && <ErrorAlert title={t('form.failed')}>{errors.root.message}</ErrorAlert>}

        {slow && (
          <Text size="sm" c="dimmed" role="status">
            {t('form.slow')}
          </Text>
        )}

        <DialogButtons
          confirmLabel={t(editing ? 'form.save' : 'form.create')}
          onCancel={onClose}
          busy={isSubmitting}
        />
      </FormModal>
    </LocalizedDates>
  );
}
