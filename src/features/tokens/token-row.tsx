import '../../components/part-styles';
import { Table } from '@mantine/core';
import { memo } from 'react';
import { useAccess } from '../../components/access';
import { TokenSelectBox } from './select-boxes';
import { TokenActions } from './token-actions';
import { useShownColumns } from './token-columns';
import type { TokenItemProps } from './token-list-view';
import { allowedRowActions, maySelectTokens } from './token-permissions';

/**
 * One row of the table; drawn again only when its token or its selection changes, or the
 * window's width changes which columns show.
 */
export const TokenRow = memo(function TokenRow({
  token,
  selected,
  handlers,
  onSelect,
}: TokenItemProps) {
  const { may } = useAccess();
  const columns = useShownColumns();
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      {maySelectTokens(may) && (
        <Table.Td>
          <TokenSelectBox token={token} selected={selected} onSelect={onSelect} />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column.id}>{column.cell(token)}</Table.Td>
      ))}
      {allowedRowActions(may).length > 0 && (
        <Table.Td>
          <TokenActions token={token} handlers={handlers} size="md" />
        </Table.Td>
      )}
    </Table.Tr>
  );
});
