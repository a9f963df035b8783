import '../../lib/i18n/en-parts';
import { Text } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { NEVER, type Token } from '../../contract/token';
import { ChipChoice } from '../../components/chip-choice';
import { useI18n } from '../../components/i18n';
import type { MessageKey } from '../../lib/i18n/en';
import { formatDateTime } from '../../lib/time';
import { NEW_EXPIRIES, type ExpiryChoice } from './expiry';
import { ExpiryDatePicker } from './expiry-date-picker';
import type { TokenFormResult, TokenFormValues } from './token-form';

/** The token form's expiry: quick choices, keeping the current date, or a date of one's own. */
export function ExpiryField({
  control,
  token,
  error,
}: {
  control: Control<TokenFormValues, unknown, TokenFormResult>;
  /** The token edited; null for a new one. */
  token: Token | null;
  /** The server's refusal of the expiry. */
  error: string | undefined;
}) {
  const { t, locale } = useI18n();
  const expiry = useWatch({ control, name: 'expiry' });
  const choices: ReadonlyArray<readonly [ExpiryChoice, MessageKey]> =
    token && token.expired_time !== NEVER
      ? [['keep', 'form.expiryKeep'], ...NEW_EXPIRIES]
      : NEW_EXPIRIES;

  return (
    <Controller
      control={control}
      name="expiry"
      render={({ field }) => (
        <ChipChoice
          name="expiry"
          label={t('form.expiry')}
          value={field.value}
          onChange={field.onChange}
          choices={choices.map(([value, label]) => ({ value, label: t(label) }))}
        >
          {expiry === 'keep' && token && (
            <Text size="xs" c="dimmed" mt={6}>
              {t('form.expiryKeepHint', { value: formatDateTime(token.expired_time, locale) })}
            </Text>
          )}
          {error && (
            <Text size="xs" c="red" mt={6} role="alert">
              {error}
            </Text>
          )}
          {expiry === 'custom' && <ExpiryDatePicker mt="sm" />}
        </ChipChoice>
      )}
    />
  );
}
