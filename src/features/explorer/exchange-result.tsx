import '../../lib/i18n/en-parts';
import { Alert, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useExchange } from '../../api/exchange-context';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IncludeKeyCheckbox } from '../../components/include-key-checkbox';
import { IconAlert, IconCopy } from '../../components/icons';
import { copyText } from '../../lib/clipboard';
import { toCurl } from '../../lib/curl';
import type { SendResult } from './use-operation-send';
import classes from './explorer.module.css';

function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'blue';
  return 'teal';
}

/** JSON as a person reads it; any other answer as it came. */
function pretty(body: unknown): string | null {
  if (body === undefined) return null;
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/** The answer (status, time, body) and the same call as a curl command to copy. */
export function ExchangeResult({ result, keyless }: { result: SendResult; keyless: boolean }) {
  const { t } = useI18n();
  const { connection } = useExchange();
  const [includeKey, setIncludeKey] = useState(false);
  const headingId = useId();
  const command = toCurl(result.call, {
    adminKey: includeKey ? connection.adminKey : undefined,
    userId: connection.userId,
    keyless,
  });

  const copy = async () => {
    try {
      await copyText(command);
      notifications.show({ color: 'teal', message: t('activity.copied') });
    } catch (error) {
      notifications.show({ color: 'red', message: describeError(error, t) });
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={3} size="h5" id={headingId}>
        {t('explorer.answer')}
      </Title>
      <Group gap="xs" role="status">
        {result.kind === 'answer' ? (
          <>
            <Badge variant="dot" color={statusColor(result.status)} radius="sm" size="lg">
              HTTP {result.status}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('activity.duration', { ms: result.durationMs })}
            </Text>
          </>
        ) : (
          <Badge variant="dot" color="red" radius="sm" size="lg">
            {t('explorer.noAnswer')}
          </Badge>
        )}
      </Group>
      {result.kind === 'no-answer' && (
        <Alert color="red" variant="light" icon={<IconAlert />}>
          {result.message}
        </Alert>
      )}
      {result.kind === 'answer' && result.status === 401 && (
        <Alert color="yellow" variant="light" icon={<IconAlert />}>
          {t('explorer.unauthorized')}
        </Alert>
      )}
      {result.kind === 'answer' && (
        <Code
          block
          className={classes.answer}
          tabIndex={0}
          role="region"
          aria-label={t('explorer.answerBody')}
        >
          {pretty(result.body) ?? t('explorer.emptyAnswer')}
        </Code>
      )}
      <Title order={4} size="h6">
        {t('explorer.curl')}
      </Title>
      <Code block className={classes.command} role="region" aria-label={t('explorer.curlCommand')}>
        {command}
      </Code>
      <Group justify="space-between" align="flex-start" gap="sm">
        {!keyless && <IncludeKeyCheckbox checked={includeKey} onChange={setIncludeKey} />}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCopy width={14} height={14} />}
          onClick={copy}
        >
          {t('activity.copyCurl')}
        </Button>
      </Group>
    </Stack>
  );
}
