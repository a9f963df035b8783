import { Button, Code, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { describeError } from './describe-error';
import { useI18n } from './i18n';
import { IconCopy } from './icons';

/*
 * A key shown whole, once: a new token's, a rotated one's, a new admin key's. Each dialog that
 * shows one says so and offers Copy.
 */

export function CopyAction({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant={copied ? 'light' : 'filled'}
        color={copied ? 'teal' : undefined}
        leftSection={<IconCopy />}
        onClick={async () => {
          try {
            await copyText(text);
            setCopied(true);
            setError(null);
          } catch (failure) {
            setError(describeError(failure, t));
          }
        }}
      >
        {copied ? t('action.copied') : label}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {t('notify.copyFailed')}: {error}
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
