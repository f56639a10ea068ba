import { Table, type TableThProps } from '@mantine/core';

/** One header cell: its label, or the cell's props (a width, an empty checkbox column). */
export type ListColumn = string | TableThProps;

/** The header row of a list table, from its column labels in order. */
export function ListHead({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in a fixed order.
            <Table.Th key={i}>{column}</Table.Th>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in a fixed order.
            <Table.Th key={i} {...column} />
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
