import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import type { TokenOrder, TokenOrderField } from '../../contract/token';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { PageSelectBox, type PageSelection } from './select-boxes';
import type { DataColumn } from './token-columns';
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
  columns,
  page,
  onSelectPage,
  order,
  onSort,
}: {
  columns: readonly DataColumn[];
  page: PageSelection;
  /** Kept the same from render to render. */
  onSelectPage: (selected: boolean) => void;
  order: TokenOrder;
  /** Kept the same from render to render. */
  onSort: (field: TokenOrderField) => void;
}) {
  const { t } = useI18n();
  const { may } = useAccess();

  return (
    <Table.Thead>
      <Table.Tr>
        {maySelectTokens(may) && (
          <Table.Th>
            <PageSelectBox page={page} onSelectPage={onSelectPage} visibleLabel={false} />
          </Table.Th>
        )}
        {columns.map(({ id, label, sort }) =>
          sort ? (
            <SortHeader key={id} field={sort} label={t(label)} order={order} onSort={onSort} />
          ) : (
            <Table.Th key={id} style={{ whiteSpace: 'nowrap' }}>
              {t(label)}
            </Table.Th>
          ),
        )}
        {allowedRowActions(may).length > 0 && (
          <Table.Th>
            <VisuallyHidden>{t('tokens.col.actions')}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
});
