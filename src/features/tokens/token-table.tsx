import '../../components/part-styles';
import { Skeleton, Table } from '@mantine/core';
import { useAccess } from '../../components/access';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { pageSelection } from './select-boxes';
import { ShownColumns, useFittingColumns } from './token-columns';
import { itemProps, ListNow, type TokenListViewProps } from './token-list-view';
import { TokenRow } from './token-row';
import { allowedRowActions, maySelectTokens } from './token-permissions';
import { TokenTableHead } from './token-table-head';

export type { TokenListViewProps } from './token-list-view';

/**
 * A fixed layout lets the browser lay out a changed row alone instead of measuring every cell of
 * the table again. The select box and the row's buttons take room only where the key may use them.
 */
const SELECT_WIDTH = 32;
/** A row button and the gap after it, and the cell's padding. */
const actionsWidth = (count: number) => count * 30 + 10;
/** Below this the table scrolls sideways within its frame, never the page (a large text size). */
const NAME_MIN_WIDTH = 120;

export function TokenTable(props: TokenListViewProps) {
  const { tokens, skeletonRows, now, selected, order } = props;
  const { may } = useAccess();
  const columns = useFittingColumns();
  const actions = allowedRowActions(may).length;
  const widths: Array<number | null> = [
    ...(maySelectTokens(may) ? [SELECT_WIDTH] : []),
    ...columns.map((column) => column.width),
    ...(actions > 0 ? [actionsWidth(actions)] : []),
  ];
  const minWidth = widths.reduce<number>((sum, width) => sum + (width ?? 0), 0) + NAME_MIN_WIDTH;
  // The screen may pass new functions on every render; the head need not be drawn again for that.
  const { onSelectPage, onSort } = useStableCallbacks({
    onSelectPage: props.onSelectPage,
    onSort: props.onSort,
  });
  return (
    <ListNow value={now}>
      <ShownColumns value={columns}>
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            verticalSpacing={6}
            horizontalSpacing={6}
            highlightOnHover
            layout="fixed"
            aria-busy={!tokens}
          >
            <colgroup>
              {widths.map((width, column) => (
                <col key={column} style={width ? { width } : undefined} />
              ))}
            </colgroup>
            <TokenTableHead
              columns={columns}
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
                      {widths.map((width, cell) => (
                        <Table.Td key={cell}>
                          <Skeleton
                            height={14}
                            my={7}
                            radius="sm"
                            width={width === null ? '80%' : '60%'}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ShownColumns>
    </ListNow>
  );
}
