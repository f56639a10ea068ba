import {
  Group,
  type MantineSize,
  type MantineSpacing,
  Pagination,
  Paper,
  type PaperProps,
  type ScrollAreaProps,
  Table,
  type TableProps,
} from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The chrome every list screen shares (issue 16): a bordered frame around a table that scrolls
 * sideways under its minimum width, and the pager under it. The screen keeps its own columns, rows,
 * loading and empty states; this holds only what was the same on each of them.
 */

export interface ListTableProps extends Omit<TableProps, 'children'> {
  /** Width under which the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** `Table.Thead`, `Table.Tbody` (and `Table.Tfoot`). */
  children: ReactNode;
  /** Under the table, inside the frame: the empty-list line of a list that keeps its headers. */
  footer?: ReactNode;
  /** Props of the frame, such as `style` or `display`. */
  frameProps?: PaperProps;
  /** Props of the scroll area (the money histories keep their scrollbar always visible). */
  scrollAreaProps?: ScrollAreaProps;
}

/** A list's table in its frame; the table gets the list spacing unless told otherwise. */
export function ListTable({
  minWidth,
  children,
  footer,
  frameProps,
  scrollAreaProps,
  verticalSpacing = 'sm',
  highlightOnHover = true,
  ...tableProps
}: ListTableProps) {
  return (
    <Paper withBorder radius="md" {...frameProps}>
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={scrollAreaProps}>
        <Table verticalSpacing={verticalSpacing} highlightOnHover={highlightOnHover} {...tableProps}>
          {children}
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Paper>
  );
}

export interface ListPagerProps {
  /** How many rows the whole list has. */
  total: number;
  /** Rows on one page. */
  pageSize: number;
  /** The page shown, from 1. */
  page: number;
  onPage: (page: number) => void;
  size?: MantineSize;
  /** Where the pager sits; beside `aside` it goes to the right. */
  justify?: 'flex-start' | 'center' | 'flex-end';
  /** On the left of the pager, shown with it (a total). */
  aside?: ReactNode;
  mt?: MantineSpacing;
}

/** The pager under a list; nothing at all while every row fits on one page. */
export function ListPager({
  total,
  pageSize,
  page,
  onPage,
  size,
  justify = 'flex-end',
  aside,
  mt,
}: ListPagerProps) {
  if (total <= pageSize) return null;
  return (
    <Group justify={aside ? 'space-between' : justify} mt={mt}>
      {aside}
      <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} size={size} />
    </Group>
  );
}
