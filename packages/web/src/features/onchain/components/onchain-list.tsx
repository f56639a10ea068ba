import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ListPager, ListTable } from '../../../shared/ui/index.ts';

/** Rows on one page of the transfers and the deals lists. */
export const ROWS = 20;

/** Sets (a value) or removes (undefined) URL parameters of the page. */
export type SetParams = (patch: Record<string, string | undefined>) => void;

/** A list tab's filters and page live in the URL (house style: lists can be bookmarked). */
export interface ListParamsProps {
  params: URLSearchParams;
  set: SetParams;
}

/** A clearable filter over one URL parameter; any change goes back to the first page. */
export function ParamSelect({
  name,
  value,
  set,
  placeholder,
  data,
  w,
  testId,
}: {
  name: string;
  value: string | undefined;
  set: SetParams;
  placeholder: string;
  data: string[] | { value: string; label: string }[];
  w: number;
  testId?: string;
}) {
  return (
    <Select
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={(v) => set({ [name]: v ?? undefined, page: undefined })}
      clearable
      w={w}
      data-testid={testId}
    />
  );
}

/**
 * A paged list of the on-chain page: its filter bar, cards on a phone and a table elsewhere (the
 * table stays mounted, hidden, so its frame keeps the empty-list note), and the pager.
 */
export function OnchainList<Row extends { id: string }>({
  filters,
  rows,
  total,
  isLoading,
  page,
  set,
  cardsTestId,
  tableTestId,
  minWidth,
  empty,
  columns,
  renderCard,
  renderRow,
  children,
}: {
  filters: ReactNode;
  rows: Row[];
  total: number;
  isLoading: boolean;
  page: number;
  set: SetParams;
  cardsTestId: string;
  tableTestId: string;
  minWidth: number;
  empty: string;
  /** The table's columns; the last, unlabelled one holds the row actions. */
  columns: { label: string; isRight?: boolean }[];
  renderCard: (row: Row) => ReactNode;
  renderRow: (row: Row) => ReactNode;
  /** The list's dialogs. */
  children?: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Stack gap="sm">
      <Group gap="xs">{filters}</Group>
      {phone ? (
        <Stack gap="xs" data-testid={cardsTestId}>
          {rows.map(renderCard)}
        </Stack>
      ) : null}
      <ListTable
        minWidth={minWidth}
        striped
        verticalSpacing="xs"
        data-testid={tableTestId}
        frameProps={{ display: phone ? 'none' : undefined }}
        scrollAreaProps={{ offsetScrollbars: false }}
        footer={
          rows.length === 0 && !isLoading ? (
            <Text c="dimmed" ta="center" p="lg">
              {empty}
            </Text>
          ) : null
        }
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.isRight ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{(phone ? [] : rows).map(renderRow)}</Table.Tbody>
      </ListTable>
      <ListPager
        total={total}
        pageSize={ROWS}
        page={page}
        onPage={(p) => set({ page: String(p) })}
        justify="flex-start"
      />
      {children}
    </Stack>
  );
}
