import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Alert, Button, Code, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { KeyShownOnce } from '../../components/key-shown-once';
import { CopyAction, CopyIconAction, WholeKey } from '../../components/whole-key';
import { toCsv } from '../../lib/csv';
import { download } from './export-format';
import { PlainList } from '../../components/plain-list';
import { useBackend } from '../../api/backend-context';

export interface CreatedKeys {
  tokens: Token[];
  /** Names created on a server that does not return new keys: they are copied from the list. */
  withoutKeys: string[];
  failures: Array<{ name: string; message: string }>;
}

/**
 * Shows new keys whole, once: one with a Copy button; many each with its own Copy, and Copy all
 * and a CSV download.
 */
export function NewKeyDialog({ created, onClose }: { created: CreatedKeys; onClose: () => void }) {
  const { t } = useI18n();
  const { tokens, withoutKeys, failures } = created;
  const count = tokens.length + withoutKeys.length;
  const single = tokens.length === 1 ? tokens[0] : undefined;
  const lines = tokens.map((token) => `${token.name}\tsk-${token.key}`);
  const many = tokens.length > 1;
  // Where the server keeps keys whole, Copy key on a row copies one again later.
  const kept = !useBackend().unavailable.includes('reveal');
  const warning = many
    ? t(kept ? 'newKey.warningManyKept' : 'newKey.warningMany')
    : t(kept ? 'newKey.warningKept' : 'newKey.warning');

  return (
    <KeyShownOnce
      title={t(count > 1 ? 'newKey.titleMany' : 'newKey.title', { count })}
      warning={tokens.length > 0 ? warning : undefined}
      actions={
        <>
          {many && (
            <Button
              variant="default"
              onClick={() =>
                download(
                  'tokendesk-new-keys.csv',
                  toCsv(
                    ['id', 'name', 'key'],
                    tokens.map((token) => [token.id, token.name, `sk-${token.key}`]),
                  ),
                  'text/csv;charset=utf-8',
                )
              }
            >
              {t('newKey.downloadCsv')}
            </Button>
          )}
          {single && <CopyAction text={`sk-${single.key}`} label={t('action.copy')} />}
          {many && <CopyAction text={lines.join('\n')} label={t('newKey.copyAll')} />}
        </>
      }
      onClose={onClose}
    >
      {single ? (
        <WholeKey label={t('newKey.label', { name: single.name })} value={`sk-${single.key}`} />
      ) : (
        many && (
          <ScrollArea.Autosize mah={320} type="auto">
            <PlainList gap={6} aria-label={t('newKey.list')}>
              {tokens.map((token) => (
                <Group component="li" key={token.id} gap="xs" wrap="nowrap" align="center">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} dir="auto">
                      {token.name}
                    </Text>
                    <Code fz="xs" data-testid="new-key" style={{ wordBreak: 'break-all' }}>
                      sk-{token.key}
                    </Code>
                  </Stack>
                  <CopyIconAction
                    text={`sk-${token.key}`}
                    label={t('newKey.copyOne', { name: token.name })}
                  />
                </Group>
              ))}
            </PlainList>
          </ScrollArea.Autosize>
        )
      )}
      {withoutKeys.length > 0 && (
        <Alert color="blue" variant="light" role="status">
          <Text size="sm">{t('newKey.noKeys', { count: withoutKeys.length })}</Text>
          <List size="sm" mt={4}>
            {withoutKeys.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {failures.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title={t('newKey.failed', { count: failures.length })}
          role="alert"
        >
          <List size="sm">
            {failures.map((failure) => (
              <List.Item key={failure.name}>
                {failure.name}: {failure.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </KeyShownOnce>
  );
}
