import { Button, Code, Group, Input, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { Model } from '../../contract/model';
import { useI18n } from '../../components/i18n';
import type { ModelFormResult, ModelFormValues } from './model-form';

/**
 * The upstream key, which is written and never read: a new model takes what is typed; an edit
 * shows the key masked, and sends one only when "Replace key" is used (the new one) or
 * "Remove key" (empty). Left alone, the key stays as it is.
 */
export function UpstreamKeyField({ loaded }: { loaded: Model | null }) {
  const { t } = useI18n();
  const form = useFormContext<ModelFormValues, unknown, ModelFormResult>();
  const { field: change } = useController({ control: form.control, name: 'key_change' });
  const labelId = useId();
  const error = form.formState.errors.upstream_key?.message;
  // The focus follows the choice: into the new key, or to the first of the buttons that took
  // the place of the one pressed; not on the first render, where the dialog places it.
  const firstButton = useRef<HTMLButtonElement>(null);
  const chosen = useRef(false);
  const { setFocus } = form;
  useEffect(() => {
    if (!loaded || !chosen.current) return;
    if (change.value === 'replace') setFocus('upstream_key');
    else firstButton.current?.focus();
  }, [loaded, change.value, setFocus]);
  const choose = (value: ModelFormValues['key_change']) => {
    chosen.current = true;
    change.onChange(value);
  };

  /** Under the group's own label on an edit, the input is named for what it holds. */
  const input = (label: string, description: string, shown = true) => (
    <PasswordInput
      label={shown ? label : undefined}
      aria-label={shown ? undefined : label}
      description={description}
      error={error}
      autoComplete="off"
      spellCheck={false}
      {...form.register('upstream_key')}
    />
  );
  if (!loaded) return input(t('models.upstreamKey'), t('models.upstreamKeyHint'));

  const keep = () => {
    choose('keep');
    form.setValue('upstream_key', '');
    form.clearErrors('upstream_key');
  };
  const masked = loaded.upstream_key_masked;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label labelElement="div" id={labelId}>
        {t('models.upstreamKey')}
      </Input.Label>
      {change.value === 'keep' && (
        <Text size="sm">
          {masked ? (
            <>
              {t('models.keyCurrent')} <Code>{masked}</Code>
            </>
          ) : (
            t('models.noKey')
          )}
        </Text>
      )}
      {change.value === 'replace' && input(t('models.newKey'), t('models.newKeyHint'), false)}
      {change.value === 'remove' && (
        <Text size="sm" fw={500} role="status">
          {t('models.keyWillGo')}
        </Text>
      )}
      <Group gap="xs">
        {change.value === 'keep' ? (
          <>
            <Button ref={firstButton} variant="default" size="xs" onClick={() => choose('replace')}>
              {t('models.replaceKey')}
            </Button>
            {masked && (
              <Button variant="subtle" color="red" size="xs" onClick={() => choose('remove')}>
                {t('models.removeKey')}
              </Button>
            )}
          </>
        ) : (
          <Button ref={firstButton} variant="default" size="xs" onClick={keep}>
            {t('models.keepKey')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
