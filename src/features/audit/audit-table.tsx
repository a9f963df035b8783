import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Skeleton, Table } from '@mantine/core';
import type { AuditRecord } from '../../contract/audit';
import { AuditChange } from '../../components/audit/audit-change';
import {
  ActionText,
  RecordActor,
  RecordTime,
  RecordToken,
} from '../../components/audit/audit-parts';
import { useI18n } from '../../components/i18n';

const SKELETON_ROWS = 8;

/** The records as a table, for screens wide enough to read a change beside who made it. */
export function AuditTable({ records, now }: { records: AuditRecord[] | undefined; now: number }) {
  const { t } = useI18n();
  return (
    <Table verticalSpacing="sm" aria-label={t('audit.records')} style={{ tableLayout: 'fixed' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="17%">{t('audit.col.time')}</Table.Th>
          <Table.Th w="17%">{t('audit.col.actor')}</Table.Th>
          <Table.Th w="14%">{t('audit.col.action')}</Table.Th>
          <Table.Th w="16%">{t('audit.col.token')}</Table.Th>
          <Table.Th>{t('audit.col.change')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records
          ? records.map((record) => (
              <Table.Tr key={record.id} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <RecordTime time={record.time} now={now} />
                </Table.Td>
                <Table.Td>
                  <RecordActor record={record} />
                </Table.Td>
                <Table.Td>
                  <ActionText record={record} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <RecordToken record={record} />
                </Table.Td>
                <Table.Td>
                  <AuditChange record={record} />
                </Table.Td>
              </Table.Tr>
            ))
          : Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Table.Tr key={index} aria-hidden="true">
                <Table.Td colSpan={5}>
                  <Skeleton height={32} />
                </Table.Td>
              </Table.Tr>
            ))}
      </Table.Tbody>
    </Table>
  );
}
