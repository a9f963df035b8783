import '../lib/i18n/en-parts';
import { ActionIcon, Button, CheckIcon, Code, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { describeError } from './describe-error';
import { useI18n } from './i18n';
import { IconCopy } from './icons';

/*
 * A key shown whole, once: a new token's, a rotated one's, a new admin key's. Each dialog that
 * shows one says so and offers Copy.
 */

/** Copies text on demand: whether it was copied, and why not when it could not be. */
function useCopy(text: string) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      setError(null);
    } catch (failure) {
      setError(`${t('notify.copyFailed')}: ${describeError(failure, t)}`);
    }
  };
  return { copied, error, copy };
}

export function CopyAction({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const { copied, error, copy } = useCopy(text);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant={copied ? 'light' : 'filled'}
        color={copied ? 'teal' : undefined}
        leftSection={<IconCopy />}
        onClick={copy}
      >
        {copied ? t('action.copied') : label}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Copy as an icon, for one key of a list; it shows a check once copied. */
export function CopyIconAction({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const { copied, error, copy } = useCopy(text);
  return (
    <Stack gap={2} align="flex-end">
      <ActionIcon
        variant={copied ? 'light' : 'default'}
        color={copied ? 'teal' : undefined}
        size="lg"
        aria-label={copied ? `${label}: ${t('action.copied')}` : label}
        onClick={copy}
      >
        {copied ? <CheckIcon size={14} /> : <IconCopy />}
      </ActionIcon>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A whole key under its label, as it is used (`sk-…` for a token), easy to select in one go. */
export function WholeKey({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Code
        block
        aria-labelledby={labelId}
        data-testid="new-key"
        fz="sm"
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', userSelect: 'all' }}
      >
        {value}
      </Code>
    </Stack>
  );
}
