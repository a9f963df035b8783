import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { BulkOutcome } from './api/bulk-action';
import type { BulkKind } from './bulk-form';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';

/** How a bulk action went: what it did, and each token it could not change, with why. */
export function BulkOutcomeSummary({
  kind,
  outcome,
  total,
  onClose,
}: {
  kind: BulkKind;
  outcome: BulkOutcome;
  total: number;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const failures = t('bulk.failures', { count: outcome.failed.length });
  // Those a delete found already gone are counted done, and told apart.
  const changed = outcome.done.length - (outcome.alreadyGone ?? 0);
  const tokens = t(changed === 1 ? 'bulk.tokensOne' : 'bulk.tokens', { count: changed });
  return (
    <Stack gap="md">
      <Alert
        color={outcome.failed.length ? 'red' : 'teal'}
        variant="light"
        role="status"
        title={t('bulk.summary', { done: outcome.done.length, total })}
      >
        {changed > 0 && t(`bulk.done.${kind}`, { tokens })}
        {outcome.alreadyGone ? ` ${t('bulk.alreadyGone', { count: outcome.alreadyGone })}` : null}
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
