import { Alert, Button, Code, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';
import { CopyAction, WholeKey } from '../../components/whole-key';
import { toCsv } from '../../lib/csv';
import { download } from './export-format';

export interface CreatedKeys {
  tokens: Token[];
  /** Names created on a server that does not return new keys: they are copied from the list. */
  withoutKeys: string[];
  failures: Array<{ name: string; message: string }>;
}

/** Shows new keys whole, once: one with a Copy button, many with Copy all and a CSV download. */
export function NewKeyDialog({ created, onClose }: { created: CreatedKeys; onClose: () => void }) {
  const { t } = useI18n();
  const { tokens, withoutKeys, failures } = created;
  const count = tokens.length + withoutKeys.length;
  const single = tokens.length === 1 ? tokens[0] : undefined;
  const lines = tokens.map((token) => `${token.name}\tsk-${token.key}`);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(count > 1 ? 'newKey.titleMany' : 'newKey.title', { count })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      <Stack gap="md">
        {tokens.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlert />}>
            {t(tokens.length > 1 ? 'newKey.warningMany' : 'newKey.warning')}
          </Alert>
        )}
        {single ? (
          <WholeKey label={t('newKey.label', { name: single.name })} value={`sk-${single.key}`} />
        ) : (
          tokens.length > 1 && (
            <ScrollArea.Autosize mah={320} type="auto">
              <Stack
                gap={6}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('newKey.list')}
              >
                {tokens.map((token) => (
                  <li key={token.id}>
                    <Text size="sm" fw={600} dir="auto">
                      {token.name}
                    </Text>
                    <Code fz="xs" data-testid="new-key" style={{ wordBreak: 'break-all' }}>
                      sk-{token.key}
                    </Code>
                  </li>
                ))}
              </Stack>
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
        <Group justify="flex-end" gap="sm" align="flex-start">
          {tokens.length > 1 && (
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
          {tokens.length > 1 && <CopyAction text={lines.join('\n')} label={t('newKey.copyAll')} />}
          <Button variant="default" onClick={onClose}>
            {t('newKey.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
