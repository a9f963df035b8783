import '../../lib/i18n/en-parts';
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useBackend } from '../../api/backend-context';
import { auditQueryOf } from '../../components/audit/audit-address';
import { AuditEntry } from '../../components/audit/audit-entry';
import { useAuditPage } from '../../components/audit/use-audit';
import { describeError } from '../../components/describe-error';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { ScreenHeader } from '../../components/screen-header';
import { useNow } from '../../components/use-now';
import { serverKindName } from '../../components/server-kind';
import { AuditFilters } from './audit-filters';
import { AuditFooter } from './audit-footer';
import { AuditTable } from './audit-table';
import { useAuditView } from './use-audit-view';

/** Who changed or revealed what, newest first, filtered by token, person and action. */
export default function AuditScreen() {
  const { t } = useI18n();
  const backend = useBackend();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const now = useNow();
  const [view, setView] = useAuditView();
  const { audit_page: _page, ...filters } = view;
  const page = useAuditPage(auditQueryOf(view));
  const records = page.data?.items;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const pastTheEnd = records?.length === 0 && view.audit_page > 1 && !page.isPlaceholderData;
  // A page past the last (an old link, records fewer since): show the last page there is.
  useEffect(() => {
    if (pastTheEnd && page.data) {
      const last = Math.max(1, Math.ceil(page.data.total / page.data.page_size));
      setView({ page: Math.min(view.audit_page - 1, last) }, { replace: true });
    }
  }, [pastTheEnd, page.data, view.audit_page, setView]);

  return (
    <Stack gap="md">
      <ScreenHeader title={t('audit.title')} intro={t('audit.intro')} />
      {!backend.audit ? (
        <Alert variant="light" color="gray">
          {t('audit.unavailable', { kind: serverKindName(backend.kind) })}
        </Alert>
      ) : (
        <>
          <AuditFilters
            filters={filters}
            records={records ?? []}
            onFilters={(change) => setView({ filters: change })}
            phone={phone}
          />
          {page.isFetching && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('audit.loading')}
              </Text>
            </Group>
          )}
          {page.isError && (
            <ErrorAlert title={t('audit.failed')}>{describeError(page.error, t)}</ErrorAlert>
          )}
          {records?.length === 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                {t(filtered ? 'audit.noMatch' : 'audit.empty')}
              </Text>
              {filtered && (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    setView({
                      filters: { token_id: undefined, actor: undefined, action: undefined },
                    })
                  }
                >
                  {t('audit.clearFilters')}
                </Button>
              )}
            </Stack>
          ) : phone ? (
            <Stack gap="sm">
              {records
                ? records.map((record) => <AuditEntry key={record.id} record={record} now={now} />)
                : page.isPending && <Skeleton height={160} radius="md" aria-hidden="true" />}
            </Stack>
          ) : (
            !(page.isError && !records) && (
              <Paper withBorder radius="md" p="xs">
                <AuditTable records={records} now={now} />
              </Paper>
            )
          )}
          {page.data && page.data.items.length > 0 && (
            <AuditFooter
              page={page.data}
              onPage={(next) => setView({ page: next })}
              phone={phone}
            />
          )}
        </>
      )}
    </Stack>
  );
}
