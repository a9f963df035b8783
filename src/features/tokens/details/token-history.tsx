import '../../../lib/i18n/en-parts';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useBackend } from '../../../api/backend-context';
import { AuditEntry } from '../../../components/audit/audit-entry';
import { AuditLink } from '../../../components/audit/audit-link';
import { useTokenHistory } from '../../../components/audit/use-audit';
import { describeError } from '../../../components/describe-error';
import { ErrorAlert } from '../../../components/error-alert';
import { useI18n } from '../../../components/i18n';
import { serverKindName } from '../../../components/server-kind';

const HISTORY_PAGE = 5;

/** The token's own records in the audit, newest first, a few at a time. */
export function TokenHistory({ tokenId, now }: { tokenId: number; now: number }) {
  const { t } = useI18n();
  const backend = useBackend();
  const history = useTokenHistory(tokenId, HISTORY_PAGE);
  const records = history.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="xs" component="section" aria-labelledby="token-history-title">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h5" id="token-history-title">
          {t('audit.history')}
        </Title>
        {backend.audit && (
          <Text size="sm">
            <AuditLink tokenId={tokenId}>{t('audit.showAll')}</AuditLink>
          </Text>
        )}
      </Group>
      {!backend.audit && (
        <Text size="sm" c="dimmed">
          {t('audit.unavailable', { kind: serverKindName(backend.kind) })}
        </Text>
      )}
      {history.isError && (
        <ErrorAlert title={t('audit.failed')}>{describeError(history.error, t)}</ErrorAlert>
      )}
      {backend.audit && history.isPending && <Skeleton h={120} radius="md" />}
      {records?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('audit.historyEmpty')}
        </Text>
      )}
      {records?.map((record) => (
        <AuditEntry key={record.id} record={record} now={now} withToken={false} />
      ))}
      {history.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          loading={history.isFetchingNextPage}
          onClick={() => history.fetchNextPage()}
        >
          {t('audit.showMore')}
        </Button>
      )}
    </Stack>
  );
}
