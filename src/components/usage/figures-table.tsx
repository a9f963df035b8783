import '../part-styles';
import { Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FiguresRow {
  key: string | number;
  cells: ReactNode[];
}

/**
 * A table of figures named by its caption: the leading columns (names, times) to the left, the
 * figures after them to the right, so their digits line up.
 */
export function FiguresTable({
  caption,
  head,
  rows,
  leading = 1,
  ...props
}: {
  caption: string;
  head: ReactNode[];
  rows: FiguresRow[];
  /** How many columns, from the first, hold words rather than figures. */
  leading?: number;
} & Omit<TableProps, 'children'>) {
  const align = (index: number) => (index < leading ? undefined : 'end');
  return (
    <Table striped {...props}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <Text span fw={600} size="sm">
          {caption}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((cell, index) => (
            <Table.Th key={index} ta={align(index)}>
              {cell}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) => (
              // Figures stay on one line; names and times wrap instead.
              <Table.Td
                key={index}
                ta={align(index)}
                style={index < leading ? undefined : { whiteSpace: 'nowrap' }}
              >
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
