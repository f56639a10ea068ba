import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardList, ListCard } from '../../../shared/ui/index.ts';
import { isNegativeAmount, useFormat } from '../../../shared/format/index.ts';

interface Movements {
  opening: string;
  credits: string;
  debits: string;
  closing: string;
}

/** The closing balance, red when negative: the figure a person reads first. */
function Closing({ amount, currency }: { amount: string; currency: string }) {
  const format = useFormat();
  return (
    <Text
      size="sm"
      ff="monospace"
      fw={600}
      c={isNegativeAmount(amount, currency) ? 'red' : undefined}
      data-testid="closing-balance"
    >
      {format.money(amount, currency)}
    </Text>
  );
}

/** Second line of a statement card: what came in and went out that day. */
function MovementLine({ row, currency }: { row: Movements; currency: string }) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  return (
    <Text size="xs" c="dimmed">
      {t('daily.card.movements', {
        credits: format.money(row.credits, currency),
        debits: format.money(row.debits, currency),
      })}
    </Text>
  );
}

/** Closing balances of every account on one day, on a phone: account and closing balance, then the day's movements. */
export function DailyAccountCards({
  wallets,
  currency,
  onOpen,
}: {
  wallets: {
    uuid: string;
    id: number;
    ui_name: string;
    opening_balance: string;
    credits: string;
    debits: string;
    closing_balance: string;
  }[];
  currency: string;
  onOpen: (wallet: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation('wallets');
  return (
    <CardList testId="daily-cards">
      {wallets.map((wallet) => (
        <ListCard
          key={wallet.uuid}
          data={{ 'data-uuid': wallet.uuid }}
          onOpen={() => onOpen({ id: wallet.id, name: wallet.ui_name })}
          openLabel={t('daily.drawerTitle', { name: wallet.ui_name })}
          title={
            <Text size="sm" fw={600} lineClamp={2}>
              {wallet.ui_name}
            </Text>
          }
          aside={<Closing amount={wallet.closing_balance} currency={currency} />}
          meta={
            <MovementLine
              row={{
                opening: wallet.opening_balance,
                credits: wallet.credits,
                debits: wallet.debits,
                closing: wallet.closing_balance,
              }}
              currency={currency}
            />
          }
        />
      ))}
    </CardList>
  );
}

/** Closing balances of one account day by day, on a phone: date and closing balance, then the movements. */
export function DailyDayCards({
  days,
  currency,
}: {
  days: (Movements & { date: string })[];
  currency: string;
}) {
  const format = useFormat();
  return (
    <CardList testId="daily-day-cards">
      {days.map((day) => (
        <ListCard
          key={day.date}
          data={{ 'data-date': day.date }}
          title={<Text size="sm">{format.date(`${day.date}T00:00:00Z`)}</Text>}
          aside={<Closing amount={day.closing} currency={currency} />}
          meta={<MovementLine row={day} currency={currency} />}
        />
      ))}
    </CardList>
  );
}
