import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import type { TokenOrder, TokenOrderField } from '../../contract/token';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import type { MessageKey } from '../../lib/i18n/en';
import { PageSelectBox, type PageSelection } from './select-boxes';
import { allowedRowActions, maySelectTokens } from './token-permissions';

function SortHeader({
  field,
  label,
  order,
  onSort,
}: {
  field: TokenOrderField;
  label: string;
  order: TokenOrder;
  onSort: (field: TokenOrderField) => void;
}) {
  const { t } = useI18n();
  const direction = order === field ? 'ascending' : order === `-${field}` ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={700}
        fz="sm"
        aria-label={t('tokens.sortBy', { column: label })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {label}
        <Text span c={direction === 'none' ? 'dimmed' : undefined} fz="xs" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The table's head: the page's select box, a header per column, sortable where the list can be.
 * Drawn again only when the order or the page's selection changes.
 */
export const TokenTableHead = memo(function TokenTableHead({
  page,
  onSelectPage,
  order,
  onSort,
}: {
  page: PageSelection;
  /** Kept the same from render to render. */
  onSelectPage: (selected: boolean) => void;
  order: TokenOrder;
  /** Kept the same from render to render. */
  onSort: (field: TokenOrderField) => void;
}) {
  const { t } = useI18n();
  const { may } = useAccess();
  const sortable = (field: TokenOrderField, key: MessageKey) => (
    <SortHeader field={field} label={t(key)} order={order} onSort={onSort} />
  );
  const plain = (key: MessageKey) => <Table.Th style={{ whiteSpace: 'nowrap' }}>{t(key)}</Table.Th>;
  return (
    <Table.Thead>
      <Table.Tr>
        {maySelectTokens(may) && (
          <Table.Th>
            <PageSelectBox page={page} onSelectPage={onSelectPage} visibleLabel={false} />
          </Table.Th>
        )}
        {sortable('name', 'tokens.col.name')}
        {plain('tokens.col.key')}
        {plain('tokens.col.status')}
        {sortable('remain_quota', 'tokens.col.remain')}
        {sortable('used_quota', 'tokens.col.used')}
        {sortable('expired_time', 'tokens.col.expiry')}
        {sortable('accessed_time', 'tokens.col.lastUsed')}
        {sortable('created_time', 'tokens.col.created')}
        {allowedRowActions(may).length > 0 && (
          <Table.Th>
            <VisuallyHidden>{t('tokens.col.actions')}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
});
