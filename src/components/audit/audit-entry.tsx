import { Card, Group, Stack } from '@mantine/core';
import type { AuditRecord } from '../../contract/audit';
import { formatDateTime } from '../../lib/time';
import { useI18n } from '../i18n';
import { AuditChange } from './audit-change';
import { tokenNameOf } from './audit-changes';
import { ActionText, RecordActor, RecordTime, RecordToken } from './audit-parts';
import { ACTION_WORDS } from './audit-words';

/**
 * One record as a card: what was done and when, by whom, to which token (left out where the
 * token is known, as in its own history), and what changed.
 */
export function AuditEntry({
  record,
  now,
  withToken = true,
}: {
  record: AuditRecord;
  now: number;
  withToken?: boolean;
}) {
  const { t, locale } = useI18n();
  const name = [
    t(ACTION_WORDS[record.action]),
    withToken ? tokenNameOf(record) : null,
    formatDateTime(record.time, locale),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <ActionText record={record} />
            {withToken && <RecordToken record={record} />}
          </Stack>
          <RecordTime time={record.time} now={now} />
        </Group>
        <RecordActor record={record} />
        <AuditChange record={record} />
      </Stack>
    </Card>
  );
}
