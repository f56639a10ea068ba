import { Checkbox, Group, ScrollArea, Skeleton, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconChevronDown,
  IconChevronUp,
  IconSelector,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatBankCode, formatIban, useFormat } from '../../../shared/format/index.ts';
import type { PaymentView } from '../api.ts';
import type { PaymentFilters } from '../hooks/use-payment-filters.ts';
import { counterpartyName, type SortParam } from '../model.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { StatusBadge } from './status-badge.tsx';

interface Props {
  rows: PaymentView[];
  isLoading: boolean;
  filters: PaymentFilters;
  onSort: (sort: SortParam, order: 'asc' | 'desc') => void;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (id: string) => void;
  isSelectable: boolean;
}

function SortHeader({
  column,
  filters,
  onSort,
  children,
}: {
  column: SortParam;
  filters: PaymentFilters;
  onSort: Props['onSort'];
  children: ReactNode;
}) {
  const isActive = filters.sort === column;
  const Icon = !isActive ? IconSelector : filters.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton
      onClick={() => onSort(column, isActive && filters.order === 'desc' ? 'asc' : 'desc')}
      aria-sort={isActive ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {children}
        </Text>
        <Icon size={14} stroke={1.6} />
      </Group>
    </UnstyledButton>
  );
}

/** The counterparty's account as the user knows it: IBAN grouped by 4, else the account number. */
export function counterpartyAccount(row: PaymentView): string | null {
  const c = row.corresponding_client;
  if (c.iban) return formatIban(c.iban);
  if (c.account)
    return [c.bank_code ? formatBankCode(c.bank_code) : null, formatAccountNumber(c.account)]
      .filter(Boolean)
      .join(' ');
  return null;
}

/** Payments table with the spec §3 columns; click a row to open its details. */
export function PaymentsTable(props: Props) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const { rows, filters, onSort, selected } = props;
  const selectable = rows.filter((r) => r.actions?.some((a) => a === 'approve' || a === 'cancel'));
  const allChecked = selectable.length > 0 && selectable.every((r) => selected.has(r.id));
  const someChecked = selectable.some((r) => selected.has(r.id));
  const th = (key: string) => t(`tableColumns:${key}`);
  return (
    <ScrollArea type="auto">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="xs"
        striped
        miw={900}
        data-testid="payments-table"
      >
        <Table.Thead>
          <Table.Tr>
            {props.isSelectable ? (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('payments:list.selectAll')}
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  disabled={selectable.length === 0}
                  onChange={(e) => props.onToggleAll(e.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            <Table.Th>
              <SortHeader column="creation_date" filters={filters} onSort={onSort}>
                {th('created')}
              </SortHeader>
            </Table.Th>
            <Table.Th>{th('type')}</Table.Th>
            <Table.Th>{th('paymentMethod')}</Table.Th>
            <Table.Th>{th('counterparty')}</Table.Th>
            <Table.Th>
              <SortHeader column="status" filters={filters} onSort={onSort}>
                {th('status')}
              </SortHeader>
            </Table.Th>
            <Table.Th ta="right">
              <SortHeader column="amount" filters={filters} onSort={onSort}>
                {th('gross')}
              </SortHeader>
            </Table.Th>
            <Table.Th ta="right">{th('fee')}</Table.Th>
            <Table.Th ta="right">{th('net')}</Table.Th>
            <Table.Th>
              <SortHeader column="settlement_date" filters={filters} onSort={onSort}>
                {th('settled')}
              </SortHeader>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.isLoading && rows.length === 0
            ? Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
                <Table.Tr key={i}>
                  {Array.from({ length: props.isSelectable ? 10 : 9 }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cells have no identity
                    <Table.Td key={j}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => {
                const canSelect = row.actions?.some((a) => a === 'approve' || a === 'cancel') ?? false;
                return (
                  <Table.Tr
                    key={row.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => props.onOpen(row.id)}
                    data-payment-id={row.id}
                    data-status={row.status}
                  >
                    {props.isSelectable ? (
                      <Table.Td onClick={(e) => e.stopPropagation()}>
                        <Checkbox
                          aria-label={t('payments:list.selectRow')}
                          checked={selected.has(row.id)}
                          disabled={!canSelect}
                          onChange={() => props.onToggle(row.id)}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{dateTime(row.creation_date)}</Text>
                      <Tooltip label={row.reference_uuid} openDelay={400}>
                        <Text size="xs" ff="monospace" c="dimmed" w="fit-content">
                          {row.reference_uuid.slice(0, 8)}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {row.direction === 'inbound' ? (
                          <IconArrowDownLeft size={16} color="var(--mantine-color-teal-6)" />
                        ) : (
                          <IconArrowUpRight size={16} color="var(--mantine-color-orange-6)" />
                        )}
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {t(`payments:transactionType.${row.transaction_type}`)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.original_pm_label}</Text>
                    </Table.Td>
                    <Table.Td miw={230} maw={260}>
                      {/* Names and account numbers wrap (IBANs between groups of 4) instead of being cut. */}
                      <Text size="sm">{counterpartyName(row, t) || '—'}</Text>
                      {counterpartyAccount(row) ? (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {counterpartyAccount(row)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.gross_amount} currency={row.currency} size="sm" fw={600} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.fee_amount} currency={row.currency} size="sm" c="dimmed" />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.net_amount} currency={row.currency} size="sm" />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" c={row.settlement_date ? undefined : 'dimmed'}>
                        {row.settlement_date ? dateTime(row.settlement_date) : '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
