import { Skeleton, Table } from '@mantine/core';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { pageSelection } from './select-boxes';
import { itemProps, ListNow, type TokenListViewProps } from './token-list-view';
import { TokenRow } from './token-row';
import { TokenTableHead } from './token-table-head';

export type { TokenListViewProps } from './token-list-view';
// The screen takes both layouts of the list from here.
export { TokenCards } from './token-cards';

/**
 * Pixel widths of the columns, the name taking what is left. A fixed layout lets the browser
 * lay out a changed row alone instead of measuring every cell of the table again.
 */
const COLUMN_WIDTHS = [36, null, 176, 116, 140, 92, 156, 100, 132, 134] as const;
const NAME_MIN_WIDTH = 140;
const TABLE_MIN_WIDTH =
  COLUMN_WIDTHS.reduce<number>((sum, width) => sum + (width ?? 0), 0) + NAME_MIN_WIDTH;

export function TokenTable(props: TokenListViewProps) {
  const { tokens, skeletonRows, now, selected, order } = props;
  // The screen may pass new functions on every render; the head need not be drawn again for that.
  const { onSelectPage, onSort } = useStableCallbacks({
    onSelectPage: props.onSelectPage,
    onSort: props.onSort,
  });
  return (
    <ListNow value={now}>
      <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing={8}
          highlightOnHover
          layout="fixed"
          aria-busy={!tokens}
        >
          <colgroup>
            {COLUMN_WIDTHS.map((width, column) => (
              <col key={column} style={width ? { width } : undefined} />
            ))}
          </colgroup>
          <TokenTableHead
            page={pageSelection(tokens, selected)}
            onSelectPage={onSelectPage}
            order={order}
            onSort={onSort}
          />
          <Table.Tbody>
            {tokens
              ? tokens.map((token) => <TokenRow key={token.id} {...itemProps(token, props)} />)
              : Array.from({ length: skeletonRows }, (_, row) => (
                  <Table.Tr key={row} aria-hidden="true">
                    {COLUMN_WIDTHS.map((_, cell) => (
                      <Table.Td key={cell}>
                        <Skeleton height={14} radius="sm" width={cell === 1 ? '80%' : '60%'} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListNow>
  );
}
