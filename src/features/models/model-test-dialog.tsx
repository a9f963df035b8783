import '../../lib/i18n/en-parts';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Model, ModelTest } from '../../contract/model';
import { describeError } from '../../components/describe-error';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { numberFormat } from '../../lib/intl-cache';

/** The test's figures: status, time, tokens, and the answer or what went wrong. */
function TestFigures({ result }: { result: ModelTest }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  const tokens =
    result.prompt_tokens === null || result.completion_tokens === null
      ? t('models.testNoUsage')
      : t('usage.tokensSplit', {
          input: count.format(result.prompt_tokens),
          output: count.format(result.completion_tokens),
        });
  const rows: Array<[string, string]> = [
    [
      t('models.testStatus'),
      result.status === null ? t('models.testNoStatus') : String(result.status),
    ],
    [t('models.testTime'), t('models.testMs', { ms: count.format(result.ms) })],
    [t('models.testTokens'), tokens],
    [
      t(result.ok ? 'models.testAnswer' : 'models.testProblem'),
      result.message || t('models.testEmptyAnswer'),
    ],
  ];
  return (
    <Table variant="vertical" layout="fixed" aria-label={t('models.testResult')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={120}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One tiny request to the model's upstream and what came of it: OK with the time and tokens, or
 * the upstream's own reason in words. The request is sent by the screen as the dialog opens,
 * and again on "Test again".
 */
export function ModelTestDialog({
  model,
  test,
  onClose,
}: {
  model: Model;
  test: UseMutationResult<ModelTest, Error, Model>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const result = test.data;
  return (
    <Modal opened onClose={onClose} title={t('models.testTitle', { name: model.name })}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('models.testAbout')}
        </Text>
        {test.isPending && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('models.testing')}</Text>
          </Group>
        )}
        {test.isError && (
          <ErrorAlert title={t('models.testCallFailed')}>{describeError(test.error, t)}</ErrorAlert>
        )}
        {result && (
          <Alert
            variant="light"
            color={result.ok ? 'teal' : 'red'}
            title={t(result.ok ? 'models.testOk' : 'models.testFailed')}
            role="status"
          >
            <TestFigures result={result} />
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => test.mutate(model)} loading={test.isPending}>
            {t('models.testAgain')}
          </Button>
          <Button onClick={onClose} data-autofocus>
            {t('models.testDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
