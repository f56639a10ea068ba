import { Checkbox, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { CardList, ListCard } from '../../../shared/ui/index.ts';
import type { PaymentView } from '../api.ts';
import { counterpartyName } from '../model.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * Payments on a phone (mobile layout rule, issue 19), on the shared list card: counterparty and
 * amount, then date, method and status — so nothing needs sideways scrolling. Payments that can
 * be approved or cancelled carry a selection checkbox for the mass actions; tapping a card opens
 * the payment's drawer, as a table row does.
 */
export function PaymentCards({
  rows,
  isLoading,
  isSelectable,
  selected,
  onToggle,
  onOpen,
}: {
  rows: PaymentView[];
  isLoading: boolean;
  isSelectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <CardList testId="payment-cards" isLoading={isLoading && rows.length === 0}>
      {rows.map((row) => {
        const canSelect = row.actions?.some((a) => a === 'approve' || a === 'cancel') ?? false;
        const name = counterpartyName(row, t) || t(`payments:transactionType.${row.transaction_type}`);
        return (
          <ListCard
            key={row.id}
            data={{ 'data-payment-id': row.id, 'data-status': row.status }}
            onOpen={() => onOpen(row.id)}
            openLabel={t('payments:list.openPayment', { name })}
            leading={
              <>
                {isSelectable ? (
                  <Checkbox
                    mt={2}
                    aria-label={t('payments:list.selectRow')}
                    checked={selected.has(row.id)}
                    disabled={!canSelect}
                    onChange={() => onToggle(row.id)}
                  />
                ) : null}
                {row.direction === 'inbound' ? (
                  <IconArrowDownLeft size={18} color="var(--mantine-color-teal-6)" />
                ) : (
                  <IconArrowUpRight size={18} color="var(--mantine-color-orange-6)" />
                )}
              </>
            }
            title={
              <Text size="sm" fw={600} lineClamp={2}>
                {name}
              </Text>
            }
            aside={<Money amount={row.gross_amount} currency={row.currency} size="sm" fw={600} />}
            meta={
              <Text size="xs" c="dimmed" truncate="end">
                {format.dateTime(row.creation_date)} · {row.original_pm_label}
              </Text>
            }
            status={<StatusBadge status={row.status} />}
          />
        );
      })}
    </CardList>
  );
}
