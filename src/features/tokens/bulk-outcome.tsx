import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { BulkOutcome } from './api/bulk-action';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';

/** How a bulk action went: how many were done, and each token it could not change, with why. */
export function BulkOutcomeSummary({
  outcome,
  total,
  onClose,
}: {
  outcome: BulkOutcome;
  total: number;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const failures = t('bulk.failures', { count: outcome.failed.length });
  return (
    <Stack gap="md">
      <Alert
        color={outcome.failed.length ? 'red' : 'teal'}
        variant="light"
        role="status"
        title={t('bulk.summary', { done: outcome.done.length, total })}
      >
        {outcome.failed.length === 0 && !outcome.alreadyGone && t('bulk.allDone')}
        {outcome.alreadyGone ? t('bulk.alreadyGone', { count: outcome.alreadyGone }) : null}
      </Alert>
      {outcome.failed.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {failures}
          </Text>
          <List size="sm" spacing={4} aria-label={failures}>
            {outcome.failed.map(({ item, error }) => (
              <List.Item key={item.id}>
                <Text span fw={600} size="sm">
                  {item.name}
                </Text>
                {': '}
                {describeError(error, t)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('action.close')}</Button>
      </Group>
    </Stack>
  );
}
